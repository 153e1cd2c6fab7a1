import { z } from 'zod';
import { idParamSchema } from '../common/fields.schema';

/** What the guide's calls answer when refused (spec 000 §6's text for a refused action). */
export const DEVICE_SETUP_MESSAGES = {
  accessDenied: 'Access denied',
  /** 422 on model_id, as the Utilities' Setup and Provision answer. */
  noSuchModel: (id: number) => `No model has id ${id}`,
} as const;

/** GET /accounts/{id}/device-setup and GET /admin/device-setup: the model to set up. */
export const deviceSetupQuerySchema = z.object({
  model_id: idParamSchema.describe('The tracker model (GET /models) whose guide is wanted'),
});
export type DeviceSetupQuery = z.infer<typeof deviceSetupQuerySchema>;

/** How a unit of the family reaches the server. */
export const deviceSetupConnectionSchema = z.object({
  transport: z
    .enum(['tcp', 'udp', 'http'])
    .describe('tcp or udp; http for the phone apps (OsmAnd, Traccar Client), over TCP'),
  port: z
    .number()
    .int()
    .nullable()
    .describe('The port the listener listens on; null when nothing listens for this family'),
  setting: z
    .string()
    .describe('The configuration variable that sets the port, e.g. GT06_PORT (README)'),
});
export type DeviceSetupConnection = z.infer<typeof deviceSetupConnectionSchema>;

/** A command to send to (or type into) the unit, with host and port filled in. */
export const deviceSetupCommandSchema = z.object({
  label: z.string().describe('What the command does, e.g. "Server and port"'),
  via: z
    .enum(['sms', 'gprs', 'tool', 'app'])
    .describe(
      "sms: texted to the unit's SIM; gprs: sent from Waymark once the unit is connected; " +
        "tool: typed into the maker's configuration tool; app: the phone app's setting",
    ),
  text: z
    .string()
    .describe('The text as sent; `<apn>`, `<ip>` and `<port>` are left for what only you know'),
});
export type DeviceSetupCommand = z.infer<typeof deviceSetupCommandSchema>;

/** The setup guide of one model: what to set on a unit so that it reports to this server. */
export const deviceSetupSchema = z.object({
  model: z.object({
    id: z.number().int(),
    title: z.string(),
    device_type: z.string(),
    protocol: z.string().describe('The protocol family of the model (models.protocol)'),
  }),
  family: z.string().describe('The family by name, with examples of its units'),
  host: z.string().describe('The host name or address the units must connect to'),
  host_source: z
    .enum(['DEVICE_HOST', 'request'])
    .describe('DEVICE_HOST when configured; else the host this request was sent to'),
  connections: z.array(deviceSetupConnectionSchema).min(1),
  serial: z.string().describe('What the tracker in Waymark takes as its serial'),
  steps: z.array(z.string()).describe('What to set on the unit, in order'),
  commands: z.array(deviceSetupCommandSchema),
  notices: z
    .array(z.string())
    .describe('What keeps the guide from working as it is, e.g. a listener that is not running'),
});
export type DeviceSetup = z.infer<typeof deviceSetupSchema>;
