import { z } from 'zod';
import { accountSchema, roleSchema, settingSchema } from '../account/account.schema';
import { textSchema } from '../common/fields.schema';

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  timezone_id: z.number().int().nullable(),
  timezone: z.string().nullable(),
  is_gpx_admin: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** GET /me: the user, every account they belong to with its flags and settings, and roles. */
export const meSchema = userSchema.extend({
  accounts: z.array(accountSchema),
  account_roles: z.record(z.string(), roleSchema),
  /** Set while a platform admin acts as this user. */
  imitated_by: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
});
export type Me = z.infer<typeof meSchema>;

export const timezoneSchema = z.object({ id: z.number().int(), identifier: z.string() });
export type Timezone = z.infer<typeof timezoneSchema>;

export const userSettingsSchema = z.array(settingSchema);
export const userSettingsUpdateSchema = z.object({
  settings: z
    .array(
      z.object({
        code: textSchema({ max: 64 }).min(1, 'code is required'),
        value: textSchema({ max: 4000, multiline: true, trim: false }).nullable(),
      }),
    )
    .max(100),
});
export type UserSettingsUpdate = z.infer<typeof userSettingsUpdateSchema>;
