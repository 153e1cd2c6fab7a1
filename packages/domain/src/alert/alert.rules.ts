import { formatMessageTime } from '../common/message-time';
import type { NotificationCode } from './alert.schema';

/** Recent Alerts shows 10 events a page (spec 001 §9). */
export const ALERTS_PAGE_SIZE = 10;

/** The ways a user may be told: e-mail, text message, and in the app (notify_via_mobile). */
export const ALERT_CHANNELS = ['email', 'sms', 'app'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** Which setting turns on the alerts of an event type; undefined for a type nobody subscribes to. */
export function alertCodeOf(eventType: string): NotificationCode | undefined {
  switch (eventType) {
    case 'geofence-enter':
    case 'geofence-exit':
      return 'notify_geofence_enter_exit';
    case 'low-battery':
      return 'notify_low_charge';
    case 'tamper-alert':
    case 'sla-breach':
      return 'notify_device_alert';
    case 'shipment-begin':
    case 'shipment-end':
    case 'shipment-late':
    case 'shipment-notify':
      return 'notify_shipment_begin_end_late';
    default:
      return undefined;
  }
}

/** What a user chose, as a lookup: the stored value, else the code's default. */
export type NotificationChoices = Partial<Record<NotificationCode, 0 | 1>>;

/**
 * The channels through which a user hears of an event of `eventType`: none unless its code is
 * on; e-mail when they have an address, SMS only with a phone, the app for notify_via_mobile.
 */
export function channelsFor(
  eventType: string,
  choices: NotificationChoices,
  contact: { email: string | null; phone: string | null },
): AlertChannel[] {
  const code = alertCodeOf(eventType);
  if (!code || choices[code] !== 1) return [];
  const channels: AlertChannel[] = [];
  if (choices.notify_via_email === 1 && contact.email) channels.push('email');
  if (choices.notify_via_sms === 1 && contact.phone) channels.push('sms');
  if (choices.notify_via_mobile === 1) channels.push('app');
  return channels;
}

/**
 * Geofence jitter: an enter or exit of the same tracker and geofence within this many minutes
 * of the incident's last one belongs to that incident and is not told again.
 */
export const INCIDENT_QUIET_MINUTES = 10;

/** An event older than this when it is fanned out (a history replay) is listed, never sent. */
export const ALERT_MAX_AGE_MINUTES = 60;

/**
 * Messages per hour before the rest is held for one digest: per user and channel, and per user,
 * tracker and channel. The app channel is not limited (a toast costs nothing).
 */
export const ALERT_RATE_LIMITS: Record<'email' | 'sms', { perUser: number; perTracker: number }> = {
  email: { perUser: 30, perTracker: 10 },
  sms: { perUser: 10, perTracker: 5 },
};
export const ALERT_RATE_WINDOW_MINUTES = 60;

/** Held messages go out as one digest this long after the first was held. */
export const DIGEST_DELAY_MINUTES = 15;

/** Whether one more message may go now, given what was sent in the window. */
export function withinRateLimit(
  channel: AlertChannel,
  sentToUser: number,
  sentToUserForTracker: number,
): boolean {
  if (channel === 'app') return true;
  const limit = ALERT_RATE_LIMITS[channel];
  return sentToUser < limit.perUser && sentToUserForTracker < limit.perTracker;
}

/** The digest's subject and text: one line per held alert, oldest first. */
export function digestText(
  alerts: readonly { created_at: string; device_name: string; description: string }[],
  /** The recipient's zone (their profile's), null for UTC. */
  zone: string | null = null,
): { subject: string; text: string } {
  const n = alerts.length;
  const subject = `${n} more alert${n === 1 ? '' : 's'}`;
  const lines = alerts.map(
    (a) => `${formatMessageTime(a.created_at, zone)}  ${a.device_name}: ${a.description}`,
  );
  return { subject, text: `${subject} while messages were held back:\n\n${lines.join('\n')}\n` };
}
