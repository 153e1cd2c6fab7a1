import { z } from 'zod';
import { idSchema, textSchema } from '../common/fields.schema';
import { utilitySerialSchema } from '../platform/utilities.schema';

/** Model types the SIM replacement wizard knows how to open (spec 002 §2.10, §5). */
export const SIM_REPLACEMENT_DEVICE_TYPES = ['ll02', 'vl501'] as const;
export type SimReplacementDeviceType = (typeof SIM_REPLACEMENT_DEVICE_TYPES)[number];

/** 'Swap SIM' waits this long before sending (spec 002 §4.6, §9). */
export const SIM_SWAP_DELAY_MS = 3_000;
/** A SIM swap grants 2 free audio hours (spec 002 §9). */
export const SIM_SWAP_FREE_AUDIO_MINUTES = 120;
/** The banner is never shown for this account (spec 002 §9). */
export const SIM_BANNER_HIDDEN_ACCOUNT_ID = 92;

/** Messages of the SIM replacement wizard and calls; spec 002 §8 gives the first verbatim. */
export const SIM_MESSAGES = {
  unsupported: (type: string) => `"${type}" is not supported`,
  /** Ours: the spec says 19 or 20 digits and shows no text. */
  iccidFormat: 'ICCID must be 19 or 20 digits',
  iccidNotSpare: 'The ICCID must be one of the spare SIM cards of this account',
  iccidInUse: 'This ICCID is already installed in another tracker or retired',
  unknownSerial: 'No tracker has this serial',
  notEligible: 'This tracker has no SIM card due for replacement',
  trackerRequired: 'Choose a tracker to continue',
  iccidRequired: 'Choose an ICCID to continue',
} as const;

/** An ICCID: 19 or 20 digits (spec 002 §5, §9). */
export const iccidSchema = z
  .string()
  .trim()
  .regex(/^\d{19,20}$/, SIM_MESSAGES.iccidFormat);

/** A tracker whose SIM card is due for replacement (spec 002 §3 "SIM replacement"). */
export const simReplacementDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serial: z.string(),
  iccid: z.string().nullable(),
  phone: z.string().nullable(),
  model: z.object({ id: z.number().int(), title: z.string(), device_type: z.string() }),
  /** Why the installed SIM must go, e.g. 'carrier-sunset'. */
  replacement_reason: z.string(),
});
export type SimReplacementDevice = z.infer<typeof simReplacementDeviceSchema>;

/** A spare SIM card of the account. */
export const spareSimSchema = z.object({ iccid: z.string(), phone: z.string().nullable() });
export type SpareSim = z.infer<typeof spareSimSchema>;

/** POST /accounts/{id}/sim-replace. */
export const simReplaceSchema = z.object({ device_id: idSchema, iccid: iccidSchema });
export type SimReplace = z.infer<typeof simReplaceSchema>;

/** What a swap answers: the tracker as it now is, and the minutes this call granted. */
export const simReplaceResultSchema = z.object({
  device_id: z.number().int(),
  serial: z.string(),
  iccid: z.string(),
  phone: z.string().nullable(),
  live_audio_minutes: z.number().int(),
  /** 120 on the swap itself; 0 when the SIM was already in this tracker (a repeated call). */
  granted_minutes: z.number().int(),
});
export type SimReplaceResult = z.infer<typeof simReplaceResultSchema>;

/** POST /admin/utilities/swap-sim (platform admins). */
export const adminSwapSimSchema = z.object({
  serial: utilitySerialSchema,
  iccid: iccidSchema,
  phone: textSchema({ max: 32 })
    .optional()
    .transform((v) => v || undefined),
});
export type AdminSwapSim = z.infer<typeof adminSwapSimSchema>;
