import { describe, expect, it } from 'vitest';
import { devicesLabel, effectiveAccess, parseEmailList } from './account-user.rules';
import { inviteRequestSchema } from './account-user.schema';

describe('parseEmailList', () => {
  it('splits on commas and semicolons, trims, lower-cases and drops empties and repeats', () => {
    expect(parseEmailList(' a@x.test; B@x.test ,,c@x.test;a@x.test ')).toEqual([
      'a@x.test',
      'b@x.test',
      'c@x.test',
    ]);
    expect(parseEmailList(' ; , ')).toEqual([]);
  });
});

describe('inviteRequestSchema', () => {
  it('defaults the role to manager and the lists to empty', () => {
    expect(
      inviteRequestSchema.parse({ emails: ['a@x.test'], full_device_access: true }),
    ).toMatchObject({ role: 'manager', device_ids: [], group_ids: [] });
  });

  it("refuses an empty or bad list with the spec's message", () => {
    for (const emails of [[], ['not-an-email']]) {
      const result = inviteRequestSchema.safeParse({ emails, full_device_access: true });
      expect(result.error?.issues[0]?.message).toBe('Incorrect list of emails provided.');
    }
  });
});

describe('effectiveAccess', () => {
  it('gives an admin every tracker whatever was chosen', () => {
    expect(
      effectiveAccess({
        role: 'admin',
        full_device_access: false,
        device_ids: [1],
        group_ids: [2],
      }),
    ).toEqual({ role: 'admin', full_device_access: true, device_ids: [], group_ids: [] });
  });

  it('keeps the chosen trackers and groups of a limited user, each once', () => {
    expect(
      effectiveAccess({
        role: 'user',
        full_device_access: false,
        device_ids: [1, 1],
        group_ids: [2],
      }),
    ).toEqual({ role: 'user', full_device_access: false, device_ids: [1], group_ids: [2] });
  });
});

describe('devicesLabel', () => {
  it('names full access, one, several and a count still loading', () => {
    expect(devicesLabel(true, null)).toBe('All Devices');
    expect(devicesLabel(false, 1)).toBe('1 Device');
    expect(devicesLabel(false, 0)).toBe('0 Devices');
    expect(devicesLabel(false, 7)).toBe('7 Devices');
    expect(devicesLabel(false, undefined)).toBe('Loading');
  });
});
