import { count, eq } from 'drizzle-orm';
import type { Role } from '@waymark/domain';
import { hashPassword } from '../modules/auth/passwords';
import { newToken } from '../http/tokens';
import type { Db } from '../db/client';
import {
  accountMemberships,
  accounts,
  accountSettings,
  surveyResponses,
  timezones,
  users,
} from '../db/schema';

export const DEMO_PASSWORD = 'demo1234';

/** The demo logins printed at start-up. */
export const DEMO_LOGINS = [
  { email: 'admin@demo.test', name: 'Alex Admin', note: 'Admin of Demo Logistics and Demo Home' },
  { email: 'manager@demo.test', name: 'Morgan Manager', note: 'Account Manager of Demo Logistics' },
  { email: 'user@demo.test', name: 'Pat Power', note: 'Power User of Demo Logistics' },
  {
    email: 'viewer@demo.test',
    name: 'Vic Viewer',
    note: 'Viewer of Demo Logistics, a few devices',
  },
  { email: 'consumer@demo.test', name: 'Casey Consumer', note: 'Admin of Demo Home' },
  { email: 'root@demo.test', name: 'Riley Root', note: 'Platform admin' },
  { email: 'new@demo.test', name: 'Noa Newcomer', note: 'Admin of Demo Startup, no trackers yet' },
  {
    email: 'survey@demo.test',
    name: 'Sam Survey',
    note: 'Power User of Demo Home, asked the satisfaction survey',
  },
] as const;

/** The demo customer whose ordered hardware is switched on but belongs to no tracker yet. */
export const DEMO_RENTALS_TITLE = 'Demo Rentals';

type DemoEmail = (typeof DEMO_LOGINS)[number]['email'];

/** The demo account's custom report unless DEMO_REPORT_URL names another. */
export const DEMO_REPORT_URL = 'https://lookerstudio.google.com/embed/reporting/demo-logistics';

const LOGISTICS_SETTINGS: Record<string, string> = {
  show_cancelled_devices: '1',
  embeds_custom_report: '1',
  embed_report_src: DEMO_REPORT_URL,
  ble_tags: '1',
  dashboards: '1',
  ai_available: '1',
  controls_available: '1',
  unlimited_date_selection: '1',
  custom_commands_available: '1',
  included_in_cs: '0',
  uses_gpx_app: '0',
};

const HOME_SETTINGS: Record<string, string> = {
  uses_gpx_app: '1',
  included_in_cs: '1',
  show_cancelled_devices: '0',
  ble_tags: '0',
  dashboards: '0',
  ai_available: '0',
};

const MEMBERSHIPS: {
  email: DemoEmail;
  account: 'logistics' | 'home' | 'startup';
  role: Role;
  full: boolean;
}[] = [
  { email: 'admin@demo.test', account: 'logistics', role: 'admin', full: true },
  { email: 'admin@demo.test', account: 'home', role: 'admin', full: true },
  { email: 'manager@demo.test', account: 'logistics', role: 'manager', full: true },
  { email: 'user@demo.test', account: 'logistics', role: 'user', full: true },
  { email: 'viewer@demo.test', account: 'logistics', role: 'viewer', full: false },
  { email: 'consumer@demo.test', account: 'home', role: 'admin', full: true },
  { email: 'new@demo.test', account: 'startup', role: 'admin', full: true },
  { email: 'survey@demo.test', account: 'home', role: 'user', full: true },
];

/**
 * Demo Home has uses_gpx_app and included_in_cs on, so its members are asked the satisfaction
 * survey; these logins start with it dismissed, so it does not cover their screens (and the
 * browser tests that use them) 5 s in. Sam Survey is the one who is asked.
 */
const SURVEY_ALREADY_DISMISSED: DemoEmail[] = ['admin@demo.test', 'consumer@demo.test'];

/** True when no user exists yet: the demo seed only ever runs on an empty database. */
export async function isEmpty(db: Db) {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Demo accounts and users of the README; run once, on the first start of an empty database.
 * `reportUrl` is the Demo Logistics custom report (the browser tests point it at a stand-in).
 */
export async function seedDemo(
  db: Db,
  { reportUrl = DEMO_REPORT_URL }: { reportUrl?: string | undefined } = {},
) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [chicago] = await db
    .select({ id: timezones.id })
    .from(timezones)
    .where(eq(timezones.identifier, 'America/Chicago'));

  await db.transaction(async (tx) => {
    const [logistics] = await tx
      .insert(accounts)
      .values({
        title: 'Demo Logistics',
        is_b2b_account: true,
        has_api_access: true,
        has_rules_engine: true,
        can_track_shipments: true,
        api_token: newToken(),
      })
      .returning({ id: accounts.id });
    const [home] = await tx
      .insert(accounts)
      .values({ title: 'Demo Home' })
      .returning({ id: accounts.id });
    // A customer whose trackers have not arrived yet: the screens' empty states.
    const [startup] = await tx
      .insert(accounts)
      // API access with a token of its own: the API Access page's browser test resets this
      // token, never the one of Demo Logistics that other tests feed positions with.
      .values({
        title: 'Demo Startup',
        is_b2b_account: true,
        has_api_access: true,
        api_token: newToken(),
      })
      .returning({ id: accounts.id });
    // A customer whose hardware is switched on but not provisioned yet (DEMO_UNPROVISIONED):
    // where platform admins provision it, without changing the accounts other demos show.
    await tx.insert(accounts).values({ title: DEMO_RENTALS_TITLE, is_b2b_account: true });
    if (!logistics || !home || !startup) throw new Error('demo accounts were not created');
    const accountIds = { logistics: logistics.id, home: home.id, startup: startup.id };

    await tx.insert(accountSettings).values([
      ...Object.entries({ ...LOGISTICS_SETTINGS, embed_report_src: reportUrl }).map(
        ([code, value]) => ({
          account_id: logistics.id,
          code,
          value,
        }),
      ),
      ...Object.entries(HOME_SETTINGS).map(([code, value]) => ({
        account_id: home.id,
        code,
        value,
      })),
    ]);

    const created = await tx
      .insert(users)
      .values(
        DEMO_LOGINS.map((login) => ({
          name: login.name,
          email: login.email,
          password_hash: passwordHash,
          timezone_id: chicago?.id ?? null,
          is_gpx_admin: login.email === 'root@demo.test',
        })),
      )
      .returning({ id: users.id, email: users.email });
    const userId = new Map(created.map((u) => [u.email, u.id]));

    await tx.insert(accountMemberships).values(
      MEMBERSHIPS.map((m) => ({
        account_id: accountIds[m.account],
        user_id: userId.get(m.email)!,
        role: m.role,
        full_device_access: m.full,
      })),
    );
    await tx.insert(surveyResponses).values(
      SURVEY_ALREADY_DISMISSED.map((email) => ({
        user_id: userId.get(email)!,
        account_id: home.id,
        dismissed: true,
      })),
    );
  });
}
