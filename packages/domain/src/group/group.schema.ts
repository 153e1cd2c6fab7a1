import { z } from 'zod';
import { idSchema, textSchema } from '../common/fields.schema';
import { deviceListItemSchema, subscriptionStatusSchema } from '../device/device.schema';

/** Messages of the group screens and calls (spec 000 §8, 002 §8), verbatim. */
export const GROUP_MESSAGES = {
  nameRequired: 'Name is required',
  accessDenied: 'Access denied',
  empty: 'There are no Groups',
  unnamed: 'No Name',
  created: (name: string) => `${name} has been created`,
  updated: (name: string) => `${name} has been updated`,
  /** Ours: the spec shows no text for ids that are not trackers of the account. */
  unknownDevices: 'Every id in device_ids must be a tracker of this account',
  businessOnly: 'Groups are available to business accounts only',
} as const;

/** Longest group name accepted. */
export const GROUP_NAME_MAX = 120;
/** Most trackers one call may add, swap or remove. */
export const GROUP_DEVICE_IDS_MAX = 10_000;

/** A group as lists show it (spec 000 §3 "Group"). */
export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  account_id: z.number().int(),
  /** The members the caller may see, ascending. */
  device_ids: z.array(z.number().int()),
  devices_count: z.number().int(),
});
export type Group = z.infer<typeof groupSchema>;

/** A member of a group, with its subscription (GET groups/{id} includes devices.subscription). */
export const groupDeviceSchema = deviceListItemSchema.extend({
  subscription: z
    .object({
      id: z.number().int(),
      status: subscriptionStatusSchema,
      start_at: z.string().nullable(),
      renewal_date: z.string().nullable(),
    })
    .nullable(),
});
export type GroupDevice = z.infer<typeof groupDeviceSchema>;

export const groupDetailsSchema = groupSchema.extend({ devices: z.array(groupDeviceSchema) });
export type GroupDetails = z.infer<typeof groupDetailsSchema>;

const deviceIdsField = z
  .array(idSchema, { error: 'device_ids must be a list of tracker ids' })
  .max(GROUP_DEVICE_IDS_MAX, `At most ${GROUP_DEVICE_IDS_MAX} trackers at a time`);

const nameField = textSchema({
  max: GROUP_NAME_MAX,
  error: GROUP_MESSAGES.nameRequired,
  tooLong: `The name may have at most ${GROUP_NAME_MAX} characters`,
}).min(1, GROUP_MESSAGES.nameRequired);

/** POST /accounts/{id}/groups: a name and, optionally, the first members. */
export const groupCreateSchema = z.object({
  name: nameField,
  device_ids: deviceIdsField.optional(),
});
export type GroupCreate = z.infer<typeof groupCreateSchema>;

/** PUT /accounts/{id}/groups/{id}: rename; device_ids, when given, replaces the members. */
export const groupUpdateSchema = groupCreateSchema;
export type GroupUpdate = z.infer<typeof groupUpdateSchema>;

/** POST …/devices and …/devices-swap. */
export const groupDevicesSchema = z.object({ device_ids: deviceIdsField });

/** DELETE …/devices: no device_ids (or no body) removes every member. */
export const groupDevicesRemoveSchema = z
  .object({ device_ids: deviceIdsField.optional() })
  .nullish();
