import { describe, expect, it } from 'vitest';
import {
  alertCodeOf,
  ALERT_RATE_LIMITS,
  channelsFor,
  digestText,
  withinRateLimit,
} from './alert.rules';
import { notificationSettingsUpdateSchema } from './alert.schema';

const contact = { email: 'pat@fleet.test', phone: '+13365550100' };

describe('which alerts a user hears of', () => {
  it('maps every event type of spec 001 §3 to its code', () => {
    expect(alertCodeOf('geofence-enter')).toBe('notify_geofence_enter_exit');
    expect(alertCodeOf('geofence-exit')).toBe('notify_geofence_enter_exit');
    expect(alertCodeOf('low-battery')).toBe('notify_low_charge');
    expect(alertCodeOf('tamper-alert')).toBe('notify_device_alert');
    expect(alertCodeOf('sla-breach')).toBe('notify_device_alert');
    for (const type of ['shipment-begin', 'shipment-end', 'shipment-late', 'shipment-notify'])
      expect(alertCodeOf(type)).toBe('notify_shipment_begin_end_late');
    expect(alertCodeOf('something-else')).toBeUndefined();
  });

  it('gives the channels chosen, only when the event’s code is on', () => {
    const all = { notify_via_email: 1, notify_via_sms: 1, notify_via_mobile: 1 } as const;
    expect(channelsFor('low-battery', { ...all, notify_low_charge: 1 }, contact)).toEqual([
      'email',
      'sms',
      'app',
    ]);
    expect(channelsFor('low-battery', { ...all, notify_low_charge: 0 }, contact)).toEqual([]);
    expect(channelsFor('geofence-exit', { ...all, notify_low_charge: 1 }, contact)).toEqual([]);
  });

  it('sends no text message to a user without a phone', () => {
    const choices = { notify_device_alert: 1, notify_via_sms: 1 } as const;
    expect(channelsFor('tamper-alert', choices, { ...contact, phone: null })).toEqual([]);
  });
});

describe('rate limits', () => {
  it('holds e-mail and SMS back over the per-user or per-tracker limit, never the app', () => {
    const { perUser, perTracker } = ALERT_RATE_LIMITS.sms;
    expect(withinRateLimit('sms', perUser - 1, perTracker - 1)).toBe(true);
    expect(withinRateLimit('sms', perUser, 0)).toBe(false);
    expect(withinRateLimit('sms', 0, perTracker)).toBe(false);
    expect(withinRateLimit('email', ALERT_RATE_LIMITS.email.perUser, 0)).toBe(false);
    expect(withinRateLimit('app', 10_000, 10_000)).toBe(true);
  });

  it('lists what was held in one digest, oldest first as given', () => {
    const digest = digestText([
      { created_at: '2026-03-02T20:00:00.000Z', device_name: 'Van 3', description: 'Low' },
      { created_at: '2026-03-02T20:05:00.000Z', device_name: 'Van 3', description: 'Lower' },
    ]);
    expect(digest.subject).toBe('2 more alerts');
    expect(digest.text).toContain(
      'Mar 2, 2026, 8:00 PM UTC  Van 3: Low\nMar 2, 2026, 8:05 PM UTC  Van 3: Lower',
    );
    // On the recipient's clock when their profile names a zone.
    expect(digestText([digestLine], 'America/Chicago').text).toContain(
      'Mar 2, 2026, 2:00 PM CST  A: B',
    );
    expect(digestText([digestLine]).subject).toBe('1 more alert');
  });
});

const digestLine = { created_at: '2026-03-02T20:00:00.000Z', device_name: 'A', description: 'B' };

describe('the store payload', () => {
  it('names the code that is not one of spec 001 §3, and the code whose value is not 0 or 1', () => {
    const unknown = notificationSettingsUpdateSchema.safeParse({
      settings: [{ code: 'notify_all', value: 1 }],
    });
    expect(unknown.error?.issues[0]?.message).toMatch(/^notify_all is not a notification setting/);
    const bad = notificationSettingsUpdateSchema.safeParse({
      settings: [{ code: 'notify_via_sms', value: 'yes' }],
    });
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['settings', 0, 'value'],
      message: 'The value of notify_via_sms must be 0 or 1',
    });
  });
});
