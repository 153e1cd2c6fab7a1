import { z } from 'zod';
import { deviceEventSchema } from '../position/position.schema';

/**
 * The notification settings of spec 001 §3, in the order the form shows them, with their
 * defaults (subscription and billing on, everything else off).
 */
export const NOTIFICATION_DEFAULTS = {
  notify_geofence_enter_exit: 0,
  notify_low_charge: 0,
  notify_device_alert: 0,
  notify_shipment_begin_end_late: 0,
  receive_subscription_notifications: 1,
  receive_billing_notifications: 1,
  notify_via_email: 0,
  notify_via_mobile: 0,
  notify_via_sms: 0,
} as const;
export type NotificationCode = keyof typeof NOTIFICATION_DEFAULTS;
export const NOTIFICATION_CODES = Object.keys(NOTIFICATION_DEFAULTS) as NotificationCode[];

/** One stored flag: `{ code, value }` with value 0 or 1. */
export const notificationSettingSchema = z.object({
  code: z.enum(NOTIFICATION_CODES as [NotificationCode, ...NotificationCode[]]),
  value: z.union([z.literal(0), z.literal(1)]),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

/** Every code with the user's value (or its default), in the form's order. */
export const notificationSettingsSchema = z.array(notificationSettingSchema);

/**
 * The store payload `{ settings: [{ code, value }] }`. A code outside §3 or a value other than
 * 0 or 1 is a 422 that names the code.
 */
export const notificationSettingsUpdateSchema = z.object({
  settings: z
    .array(
      z
        .object({
          code: z.enum(NOTIFICATION_CODES as [NotificationCode, ...NotificationCode[]], {
            error: (issue) =>
              `${String(issue.input)} is not a notification setting; the codes are ${NOTIFICATION_CODES.join(', ')}`,
          }),
          // Checked below, so that the message can name the code.
          value: z.unknown().meta({ enum: [0, 1], description: '0 (off) or 1 (on)' }),
        })
        .superRefine((setting, ctx) => {
          if (setting.value !== 0 && setting.value !== 1) {
            ctx.addIssue({
              code: 'custom',
              path: ['value'],
              message: `The value of ${setting.code} must be 0 or 1`,
            });
          }
        }),
    )
    .max(NOTIFICATION_CODES.length * 2),
});
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

/** A device event as Recent Alerts lists it: with its tracker's id and name. */
export const alertEventSchema = deviceEventSchema.extend({
  device: z.object({ id: z.number().int(), name: z.string() }),
});
export type AlertEvent = z.infer<typeof alertEventSchema>;

/** What the in-app channel delivers to one user: the event and its tracker. */
export const alertNotificationSchema = alertEventSchema.extend({
  user_id: z.number().int(),
});
export type AlertNotification = z.infer<typeof alertNotificationSchema>;

/** A message of the mail outbox, as a platform admin reads it (the embedded mail adapter). */
export const outboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** A text message of the SMS outbox. */
export const outboxSmsSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type OutboxSms = z.infer<typeof outboxSmsSchema>;
