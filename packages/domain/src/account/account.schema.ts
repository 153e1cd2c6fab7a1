import { z } from 'zod';

/** Roles a user can hold in an account (spec 002 §6). */
export const ROLES = ['admin', 'manager', 'user', 'viewer'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Labels shown for roles (spec 002 §2.3, 001 §6). */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  manager: 'Account Manager',
  user: 'Power User',
  viewer: 'Viewer',
};

/** Account setting codes (spec 000 §3 "Account", 002 §3 "Account"). */
export const ACCOUNT_SETTING_CODES = [
  'show_cancelled_devices',
  'embeds_custom_report',
  'embed_report_src',
  'ble_tags',
  'dashboards',
  'ai_available',
  'uses_gpx_app',
  'included_in_cs',
  'controls_available',
  'unlimited_date_selection',
  'custom_commands_available',
] as const;
export type AccountSettingCode = (typeof ACCOUNT_SETTING_CODES)[number];

export const settingSchema = z.object({ code: z.string(), value: z.string().nullable() });
export type Setting = z.infer<typeof settingSchema>;

export const accountSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  is_b2b_account: z.boolean(),
  has_api_access: z.boolean(),
  has_rules_engine: z.boolean(),
  can_track_shipments: z.boolean(),
  role: roleSchema,
  full_device_access: z.boolean(),
  settings: z.array(settingSchema),
});
export type Account = z.infer<typeof accountSchema>;

/** The subset of an account that feature and permission rules read. */
export type AccountFeatureSource = Pick<
  Account,
  'is_b2b_account' | 'has_api_access' | 'has_rules_engine' | 'can_track_shipments' | 'settings'
>;

/**
 * An account as a platform admin sees it from outside (GET /admin/accounts): role viewer with
 * every tracker (the server's platform-admin view), plus how big it is.
 */
export const adminAccountSchema = accountSchema.extend({
  devices_count: z.number().int(),
  users_count: z.number().int(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;
