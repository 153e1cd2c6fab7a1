import { describe, expect, it } from 'vitest';
import { defineAbilityFor, type Action, type Subject } from './permissions';
import type { Role } from '../account/account.schema';

/** Every account flag an ability depends on, on. */
const FLAGS = ['ble_tags', 'dashboards', 'ai_available', 'embeds_custom_report'] as const;
type Flag = (typeof FLAGS)[number];

function account(settings: { code: string; value: string | null }[]) {
  return {
    is_b2b_account: true,
    has_api_access: true,
    has_rules_engine: true,
    can_track_shipments: true,
    settings,
  };
}

/** Who a row speaks of: an account role, or a platform admin outside or inside an account. */
type Who = Role | 'platform admin' | 'imitating';
const ROLES: Role[] = ['admin', 'manager', 'user', 'viewer'];

type Check = `${Action} ${Subject}`;

interface Expectation {
  who: Who[];
  may?: Check[];
  mayNot?: Check[];
  /** A flag turned off for this expectation (every other flag stays on). */
  without?: Flag;
}

/** One line of a spec's roles section, verbatim, and what it means for the ability. */
interface SpecRow {
  spec: string;
  text: string;
  expect: Expectation[];
}

const NOT_VIEWERS: Role[] = ['admin', 'manager', 'user'];

/**
 * Spec 001 §6 and spec 002 §6, line by line. Where 001 describes a role in words and 002 lists
 * its abilities, both hold: the Power User's reports come from 001 ("create and manage alerts
 * and reports") although 002 lists Reports under Admin and Manager only. Alerts need no ability:
 * every member sets their own notifications and reads the recent alerts of what they see.
 */
const ROWS: SpecRow[] = [
  {
    spec: '001 §6',
    text: 'Administrator: full access to all settings, devices, users, dashboards, platform controls.',
    expect: [
      {
        who: ['admin'],
        may: [
          'manage Account',
          'manage Users',
          'manage Devices',
          'update Devices',
          'view Dashboard',
          'manage Groups',
          'manage Geofences',
          'manage Shipments',
          'manage Reports',
          'manage Rules',
        ],
      },
    ],
  },
  {
    spec: '001 §6',
    text: 'Account Manager: manage assigned devices, shipments, reports, alerts, user groups; limited system settings.',
    expect: [
      {
        who: ['manager'],
        may: [
          'manage Devices',
          'update Devices',
          'manage Shipments',
          'manage Reports',
          'manage Users',
        ],
        mayNot: ['manage Account'],
      },
    ],
  },
  {
    spec: '001 §6',
    text: 'Power User: advanced interaction with assigned devices and shipments; create and manage alerts and reports.',
    expect: [
      {
        who: ['user'],
        may: ['manage Devices', 'update Devices', 'manage Shipments', 'manage Reports'],
        mayNot: ['manage Account', 'manage Users'],
      },
    ],
  },
  {
    spec: '001 §6',
    text: 'Viewer: view-only access to assigned devices, shipments, alerts, public reports.',
    expect: [
      {
        who: ['viewer'],
        mayNot: [
          'manage Devices',
          'update Devices',
          'manage Shipments',
          'manage Reports',
          'manage Rules',
          'manage Geofences',
          'manage Groups',
          'manage Anchors',
          'manage Users',
          'manage Account',
        ],
      },
    ],
  },
  {
    spec: '001 §6',
    text: "'manage Shipments': open the create page (otherwise an error toast whose text is not shown) and see Edit.",
    expect: [
      { who: NOT_VIEWERS, may: ['manage Shipments'] },
      { who: ['viewer'], mayNot: ['manage Shipments'] },
    ],
  },
  {
    spec: '001 §6',
    text: "'manage Reports': see the report creation form and use the public toggle.",
    expect: [
      { who: NOT_VIEWERS, may: ['manage Reports'] },
      { who: ['viewer'], mayNot: ['manage Reports'] },
    ],
  },
  {
    spec: '001 §6',
    text: "'use Ai': see the chat sidebar and the right-column switcher button.",
    expect: [
      { who: ['admin'], may: ['use Ai'] },
      { who: ['admin'], without: 'ai_available', mayNot: ['use Ai'] },
      { who: ['manager', 'user', 'viewer'], mayNot: ['use Ai'] },
    ],
  },
  {
    spec: '001 §6',
    text: "'manage AiModel': see the model selector (platform admins and anyone imitating may).",
    expect: [
      { who: ['platform admin', 'imitating'], may: ['manage AiModel'] },
      { who: ROLES, mayNot: ['manage AiModel'] },
    ],
  },
  {
    spec: '002 §6',
    text: 'Permission checks used here: manage Account (whole /manage area); manage Rules (New Rule button, create and edit); view Dashboard (/dashboards).',
    expect: [
      { who: ['admin'], may: ['manage Account'] },
      { who: ['manager', 'user', 'viewer'], mayNot: ['manage Account'] },
      { who: NOT_VIEWERS, may: ['manage Rules'] },
      { who: ['viewer'], mayNot: ['manage Rules'] },
      { who: ['admin', 'manager'], may: ['view Dashboard'] },
      { who: ['user', 'viewer'], mayNot: ['view Dashboard'] },
    ],
  },
  {
    spec: '002 §6',
    text: 'Admin may manage Geofences, Account and Groups, view Anchors if ble_tags is on, use Ai if ai_available is on.',
    expect: [
      {
        who: ['admin'],
        may: ['manage Geofences', 'manage Account', 'manage Groups', 'view Anchors', 'use Ai'],
      },
      { who: ['admin'], without: 'ble_tags', mayNot: ['view Anchors'] },
      { who: ['admin'], without: 'ai_available', mayNot: ['use Ai'] },
      { who: ['manager', 'user', 'viewer'], mayNot: ['manage Account', 'manage Groups'] },
    ],
  },
  {
    spec: '002 §6',
    text: 'Admin and Manager may view Dashboard if dashboards is on, view Anchors if ble_tags is on, and manage Users, Reports and Geofences.',
    expect: [
      {
        who: ['admin', 'manager'],
        may: [
          'view Dashboard',
          'view Anchors',
          'manage Users',
          'manage Reports',
          'manage Geofences',
        ],
      },
      { who: ['admin', 'manager'], without: 'dashboards', mayNot: ['view Dashboard'] },
      { who: ['admin', 'manager'], without: 'ble_tags', mayNot: ['view Anchors'] },
      { who: ['user', 'viewer'], mayNot: ['view Dashboard', 'manage Users', 'manage Geofences'] },
    ],
  },
  {
    spec: '002 §6',
    text: 'Everyone except Viewer may manage Shipments, Devices and Rules, and manage Anchors if ble_tags is on.',
    expect: [
      {
        who: NOT_VIEWERS,
        may: ['manage Shipments', 'manage Devices', 'manage Rules', 'manage Anchors'],
      },
      { who: NOT_VIEWERS, without: 'ble_tags', mayNot: ['manage Anchors', 'view Anchors'] },
      {
        who: ['viewer'],
        mayNot: ['manage Shipments', 'manage Devices', 'manage Rules', 'manage Anchors'],
      },
    ],
  },
  {
    spec: '002 §6',
    text: "Account roles: Admin, Manager ('Account Manager'), User ('Power User'), and Viewer. The admin-role check covers Admin and Manager.",
    expect: [
      // The device setup guide (issue 41) is for account admins and platform admins.
      { who: ['admin', 'manager', 'platform admin'], may: ['view DeviceSetup'] },
      { who: ['user', 'viewer', 'imitating'], mayNot: ['view DeviceSetup'] },
    ],
  },
  {
    spec: '002 §6',
    text: 'A platform admin, or anyone imitating, may manage AiModel.',
    expect: [{ who: ['platform admin', 'imitating'], may: ['manage AiModel'] }],
  },
];

function abilityOf(who: Who, without?: Flag, settings = FLAGS.filter((f) => f !== without)) {
  const role = who === 'platform admin' ? undefined : who === 'imitating' ? 'viewer' : who;
  return defineAbilityFor({
    role,
    account: account(settings.map((code) => ({ code, value: '1' }))),
    isPlatformAdmin: who === 'platform admin',
    isImitating: who === 'imitating',
  });
}

function can(who: Who, check: Check, without?: Flag) {
  const [action, subject] = check.split(' ') as [Action, Subject];
  return abilityOf(who, without).can(action, subject);
}

describe('defineAbilityFor, row by row of spec 001 §6 and 002 §6', () => {
  for (const row of ROWS) {
    describe(`${row.spec}: ${row.text}`, () => {
      for (const { who, may = [], mayNot = [], without } of row.expect) {
        const flag = without ? ` with ${without} off` : '';
        for (const one of who) {
          for (const check of may) {
            it(`${one} may ${check}${flag}`, () => expect(can(one, check, without)).toBe(true));
          }
          for (const check of mayNot) {
            it(`${one} may not ${check}${flag}`, () =>
              expect(can(one, check, without)).toBe(false));
          }
        }
      }
    });
  }

  it('needs both embeds_custom_report and embed_report_src for the custom report (002 §6)', () => {
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
      account: account(FLAGS.map((code) => ({ code, value: '1' }))),
      isPlatformAdmin: false,
      isImitating: false,
    });
    const checks = ROWS.flatMap((r) =>
      r.expect.flatMap((e) => [...(e.may ?? []), ...(e.mayNot ?? [])]),
    );
    const granted = checks.filter((check) => {
      const [action, subject] = check.split(' ') as [Action, Subject];
      return ability.can(action, subject);
    });
    expect(granted).toEqual([]);
  });
});
