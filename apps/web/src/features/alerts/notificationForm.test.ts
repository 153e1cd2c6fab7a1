import { describe, expect, it } from 'vitest';
import { formSections, settingsToSave, smsConsent } from './notificationForm';

describe('the notification form', () => {
  it('shows the financial codes and the heading to admins of business accounts only', () => {
    const admin = formSections({ role: 'admin', isB2B: true, phone: null });
    expect(admin.deviceHeading).toBe(true);
    expect(admin.financial).toEqual([
      'receive_subscription_notifications',
      'receive_billing_notifications',
    ]);
    for (const viewer of [
      { role: 'admin' as const, isB2B: false, phone: null },
      { role: 'manager' as const, isB2B: true, phone: null },
    ]) {
      expect(formSections(viewer).deviceHeading).toBe(false);
      expect(formSections(viewer).financial).toEqual([]);
    }
  });

  it('offers SMS only with a phone', () => {
    expect(formSections({ role: 'user', isB2B: true, phone: null }).channels).toEqual([
      'notify_via_email',
      'notify_via_mobile',
    ]);
    expect(formSections({ role: 'user', isB2B: true, phone: '+13365551234' }).channels).toContain(
      'notify_via_sms',
    );
    expect(smsConsent('(336) 555-1234')).toContain('Reply HELP for help; STOP to opt out');
  });

  it('saves the codes shown in the order of the spec', () => {
    expect(
      settingsToSave({ notify_via_email: 1, notify_low_charge: 1 }, [
        'notify_via_email',
        'notify_low_charge',
        'notify_geofence_enter_exit',
      ]),
    ).toEqual([
      { code: 'notify_geofence_enter_exit', value: 0 },
      { code: 'notify_low_charge', value: 1 },
      { code: 'notify_via_email', value: 1 },
    ]);
  });
});
