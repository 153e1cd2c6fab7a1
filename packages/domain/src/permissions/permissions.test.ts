import { describe, expect, it } from 'vitest';
import { defineAbilityFor, type Action, type Subject } from './permissions';
import type { Role } from '../account/account.schema';

const ALL_ON = ['ble_tags', 'dashboards', 'ai_available', 'embeds_custom_report'].map((code) => ({
  code,
  value: '1',
}));

function account(settings: { code: string; value: string | null }[]) {
  return {
    is_b2b_account: true,
    has_api_access: true,
    has_rules_engine: true,
    can_track_shipments: true,
    settings,
  };
}

type Check = [Action, Subject];
const checks: Check[] = [
  ['manage', 'Account'],
  ['manage', 'Groups'],
  ['manage', 'Geofences'],
  ['manage', 'Users'],
  ['manage', 'Reports'],
  ['manage', 'Shipments'],
  ['manage', 'Devices'],
  ['update', 'Devices'],
  ['manage', 'Rules'],
  ['manage', 'Anchors'],
  ['view', 'Anchors'],
  ['view', 'Dashboard'],
  ['use', 'Ai'],
  ['manage', 'AiModel'],
];

/**
 * Expected grants per role with every flag on, read straight from spec 000 §6 and 002 §6.
 * Each flag-gated grant is checked again with its flag off below.
 */
const withFlagsOn: Record<Role, string[]> = {
  admin: [
    'manage Account',
    'manage Groups',
    'manage Geofences',
    'manage Users',
    'manage Reports',
    'manage Shipments',
    'manage Devices',
    'update Devices',
    'manage Rules',
    'manage Anchors',
    'view Anchors',
    'view Dashboard',
    'use Ai',
  ],
  manager: [
    'manage Geofences',
    'manage Users',
    'manage Reports',
    'manage Shipments',
    'manage Devices',
    'update Devices',
    'manage Rules',
    'manage Anchors',
    'view Anchors',
    'view Dashboard',
  ],
  user: [
    'manage Shipments',
    'manage Devices',
    'update Devices',
    'manage Rules',
    'manage Anchors',
    'view Anchors',
  ],
  viewer: [],
};

/** The flag each grant depends on, where it depends on one. */
const flagOf: Record<string, string> = {
  'manage Anchors': 'ble_tags',
  'view Anchors': 'ble_tags',
  'view Dashboard': 'dashboards',
  'use Ai': 'ai_available',
};

describe('defineAbilityFor', () => {
  for (const role of Object.keys(withFlagsOn) as Role[]) {
    for (const [action, subject] of checks) {
      const name = `${action} ${subject}`;
      const expected = withFlagsOn[role].includes(name);
      it(`${role} ${expected ? 'may' : 'may not'} ${name} with every flag on`, () => {
        const ability = defineAbilityFor({
          role,
          account: account(ALL_ON),
          isPlatformAdmin: false,
          isImitating: false,
        });
        expect(ability.can(action, subject)).toBe(expected);
      });
      const flag = flagOf[name];
      if (expected && flag) {
        it(`${role} may not ${name} when ${flag} is off`, () => {
          const ability = defineAbilityFor({
            role,
            account: account(ALL_ON.filter((s) => s.code !== flag)),
            isPlatformAdmin: false,
            isImitating: false,
          });
          expect(ability.can(action, subject)).toBe(false);
        });
      }
    }
  }

  it('lets a platform admin or an imitating session manage AiModel', () => {
    const base = { role: 'viewer' as const, account: account([]) };
    expect(
      defineAbilityFor({ ...base, isPlatformAdmin: true, isImitating: false }).can(
        'manage',
        'AiModel',
      ),
    ).toBe(true);
    expect(
      defineAbilityFor({ ...base, isPlatformAdmin: false, isImitating: true }).can(
        'manage',
        'AiModel',
      ),
    ).toBe(true);
  });

  it('needs both embeds_custom_report and embed_report_src for the custom report', () => {
    const ctx = { role: 'admin' as const, isPlatformAdmin: false, isImitating: false };
    const onlyFlag = account([{ code: 'embeds_custom_report', value: '1' }]);
    const both = account([
      { code: 'embeds_custom_report', value: '1' },
      { code: 'embed_report_src', value: 'https://reports.example/embed/1' },
    ]);
    expect(defineAbilityFor({ ...ctx, account: onlyFlag }).can('view', 'CustomReport')).toBe(false);
    expect(defineAbilityFor({ ...ctx, account: both }).can('view', 'CustomReport')).toBe(true);
  });

  it('grants nothing to someone without a role in the account', () => {
    const ability = defineAbilityFor({
      role: undefined,
      account: account(ALL_ON),
      isPlatformAdmin: false,
      isImitating: false,
    });
    expect(checks.some(([a, s]) => ability.can(a, s))).toBe(false);
  });
});
