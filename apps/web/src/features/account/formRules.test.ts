import { describe, expect, it } from 'vitest';
import { passwordHints } from '../auth/passwordRules';
import { deviceAccessLabel } from '../manage/userLabels';
import { profileFormBlocked } from './profileRules';

describe('password form rules', () => {
  it('hints until 8 characters and blocks a mismatch', () => {
    expect(passwordHints('short', '').passwordHint).toBe('Password must be at least 8 characters');
    expect(passwordHints('longenough', 'longenough').valid).toBe(true);
    const mismatch = passwordHints('longenough', 'longenougH');
    expect(mismatch.valid).toBe(false);
    expect(mismatch.confirmationError).not.toBeNull();
  });
});

describe('profile form rules', () => {
  const values = { name: 'A', email: 'a@b.test', phone: '', timezoneId: '3' };
  it('blocks while submitting or without email or time zone', () => {
    expect(profileFormBlocked(values, false)).toBe(false);
    expect(profileFormBlocked(values, true)).toBe(true);
    expect(profileFormBlocked({ ...values, email: '  ' }, false)).toBe(true);
    expect(profileFormBlocked({ ...values, timezoneId: null }, false)).toBe(true);
  });
});

describe('users list labels', () => {
  it('counts devices as the spec words them', () => {
    expect(deviceAccessLabel({ full_device_access: true }, 3)).toBe('All Devices');
    expect(deviceAccessLabel({ full_device_access: false }, 1)).toBe('1 Device');
    expect(deviceAccessLabel({ full_device_access: false }, 4)).toBe('4 Devices');
    expect(deviceAccessLabel({ full_device_access: false }, 0)).toBe('0 Devices');
    expect(deviceAccessLabel({ full_device_access: false }, undefined)).toBe('Loading');
  });
});
