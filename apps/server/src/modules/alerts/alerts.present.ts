import {
  NOTIFICATION_CODES,
  NOTIFICATION_DEFAULTS,
  type AlertEvent,
  type NotificationChoices,
  type NotificationSetting,
} from '@waymark/domain';
import { csvLine, localTime } from '../positions/csv';
import type { AlertEventRow } from './alerts.queries';

export function presentAlertEvent(row: AlertEventRow): AlertEvent {
  return {
    id: row.id,
    device_id: row.device_id,
    device: { id: row.device_id, name: row.device_name },
    event_type: row.event_type,
    description: row.description,
    created_at: row.created_at.toISOString(),
    lat: row.lat,
    lng: row.lng,
  };
}

/** The stored values over the defaults, as a lookup by code. */
export function choicesOf(stored: readonly { code: string; value: number }[]): NotificationChoices {
  const choices: NotificationChoices = { ...NOTIFICATION_DEFAULTS };
  for (const s of stored) {
    if (Object.hasOwn(NOTIFICATION_DEFAULTS, s.code))
      choices[s.code as keyof NotificationChoices] = s.value === 1 ? 1 : 0;
  }
  return choices;
}

/** Every code of spec 001 §3 in the form's order, with the user's value or its default. */
export function presentSettings(stored: readonly { code: string; value: number }[]) {
  const choices = choicesOf(stored);
  return NOTIFICATION_CODES.map((code): NotificationSetting => ({
    code,
    value: choices[code] ?? NOTIFICATION_DEFAULTS[code],
  }));
}

export const EVENT_COLUMNS = [
  'id',
  'time',
  'tracker',
  'event_type',
  'description',
  'latitude',
  'longitude',
];

/** Events as a spreadsheet, times in the caller's zone (`offset`: minutes west of UTC). */
export function eventsCsv(rows: readonly AlertEventRow[], offsetMinutes: number): string {
  let out = csvLine(EVENT_COLUMNS);
  for (const e of rows) {
    out += csvLine([
      e.id,
      localTime(e.created_at.toISOString(), offsetMinutes),
      e.device_name,
      e.event_type,
      e.description,
      e.lat,
      e.lng,
    ]);
  }
  return out;
}
