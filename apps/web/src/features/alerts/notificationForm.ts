import {
  NOTIFICATION_CODES,
  SMS_TERMS,
  type NotificationCode,
  type NotificationSetting,
  type Role,
} from '@waymark/domain';

/** What each tick box says. */
export const NOTIFICATION_LABELS: Record<NotificationCode, string> = {
  notify_geofence_enter_exit: 'Geofence enter and exit',
  notify_low_charge: 'Low battery',
  notify_device_alert: 'Device alerts (tamper, temperature and humidity)',
  notify_shipment_begin_end_late: 'Shipment begin, end and running late',
  receive_subscription_notifications: 'Subscription notifications',
  receive_billing_notifications: 'Billing notifications',
  notify_via_email: 'Email',
  notify_via_mobile: 'In the app and as browser notifications',
  notify_via_sms: 'SMS',
};

export const DEVICE_CODES: NotificationCode[] = [
  'notify_geofence_enter_exit',
  'notify_low_charge',
  'notify_device_alert',
  'notify_shipment_begin_end_late',
];
export const FINANCIAL_CODES: NotificationCode[] = [
  'receive_subscription_notifications',
  'receive_billing_notifications',
];

/** The consent that goes with the SMS option (spec 001 §2, §9). */
export const smsConsent = (phone: string) =>
  `By choosing SMS you agree to receive text messages about your trackers at ${phone}. ` +
  `Message and data rates may apply. ${SMS_TERMS}`;

export interface FormViewer {
  role: Role | undefined;
  isB2B: boolean;
  phone: string | null;
}

/**
 * Spec 001 §6: the financial notifications and the 'Device Notifications' heading only for
 * admins of business accounts; the SMS option only with a phone.
 */
export function formSections(viewer: FormViewer) {
  const admin = viewer.role === 'admin' && viewer.isB2B;
  const channels: NotificationCode[] = ['notify_via_email', 'notify_via_mobile'];
  if (viewer.phone) channels.push('notify_via_sms');
  return {
    deviceHeading: admin,
    device: DEVICE_CODES,
    financial: admin ? FINANCIAL_CODES : [],
    channels,
  };
}

/** The codes shown, with their values, in the order of spec 001 §3: what Save sends. */
export function settingsToSave(
  values: Partial<Record<NotificationCode, 0 | 1>>,
  shown: readonly NotificationCode[],
): NotificationSetting[] {
  return NOTIFICATION_CODES.filter((code) => shown.includes(code)).map((code) => ({
    code,
    value: values[code] ?? 0,
  }));
}
