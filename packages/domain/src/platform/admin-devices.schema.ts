import { z } from 'zod';

/** A tracker of any account as a platform admin finds it (GET /admin/devices). */
export const adminDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serial: z.string(),
  imei: z.string().nullable(),
  account: z.object({ id: z.number().int(), title: z.string() }),
  model: z.string(),
  subscription_status: z.string().nullable(),
  last_fix_at: z
    .string()
    .nullable()
    .describe('The newest position, or null when it never reported'),
});
export type AdminDevice = z.infer<typeof adminDeviceSchema>;

/** A serial that reports without belonging to any tracker (GET /admin/unassigned-devices). */
export const unassignedDeviceSchema = z.object({
  serial: z.string(),
  protocol: z.string(),
  reports: z.number().int(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  remote_address: z.string().nullable(),
});
export type UnassignedDevice = z.infer<typeof unassignedDeviceSchema>;
