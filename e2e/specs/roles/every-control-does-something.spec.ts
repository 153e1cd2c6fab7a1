import type { Page, TestInfo } from '@playwright/test';
import { auditScreen, deadControls, prepareForAudit } from '../../support/control-audit';
import {
  builtPaths,
  builtScreens,
  demoIds,
  publicDemoIds,
  type Screen,
} from '../../support/screens';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUser } from '../../support/users';
import { expect, test } from '../../support/test';

/**
 * Issue 16: a control a role may not use is hidden (spec 000 §6), so every control a role
 * sees must do something. Each demo role opens every built screen it can reach and clicks
 * each control on it once; the test fails naming the controls that did nothing.
 */

// The one exception to the config's single budget: an audit visits every screen a role can
// reach and clicks each of its controls, and the roles that may do most (admin, manager) have
// well over a hundred controls on some twenty-five screens. Each role's screens are audited in
// PARTS tests (every PARTS-th screen), so no test holds a worker for long and the parts of one
// role run side by side.
test.describe.configure({ timeout: 300_000 });
const PARTS = 7;
const part = <T>(all: T[], k: number) => all.filter((_, i) => i % PARTS === k);
const parts = Array.from({ length: PARTS }, (_, k) => k);

/**
 * Keeps the page signed in as `token` in `accountId` on every load, whatever a click did to
 * the stored session (a platform admin's 'Open' switches the account it looks at).
 */
async function pinSession(page: Page, token: string, accountId: number) {
  await page.addInitScript(
    (stored) => {
      localStorage.setItem('waymark.token', stored.token);
      localStorage.setItem('waymark.account', stored.account);
    },
    { token, account: String(accountId) },
  );
}

/** Audits the screens as the page's user and fails on any dead control. */
async function auditScreens(page: Page, screens: Screen[], info: TestInfo) {
  await prepareForAudit(page);
  const report: string[] = [];
  const dead: string[] = [];
  let audited = 0;
  const shellAudited = new Set<string>();
  for (const { route, url } of screens) {
    if (!url) {
      report.push(`/${route}: no demo object to open`);
      continue;
    }
    const results = await auditScreen(page, url, shellAudited);
    // A session that ended would send every screen to the login form and pass unseen.
    expect(new URL(page.url()).pathname, `${url} kept the session`).not.toBe('/login');
    if (!results) {
      report.push(`${url}: not for this role (sent to ${new URL(page.url()).pathname})`);
      continue;
    }
    audited++;
    report.push(`${url}:`, ...results.map((r) => `  ${r.control}: ${r.did.join('; ') || '-'}`));
    dead.push(...deadControls(results).map((r) => `${url} ${r.control} ${r.did.join('; ')}`));
  }
  await info.attach('controls', { body: report.join('\n'), contentType: 'text/plain' });
  // A part may hold only screens this role is sent away from (guards); none at all is a fault.
  expect(screens.length, 'screens to visit').toBeGreaterThan(0);
  info.annotations.push({ type: 'audited', description: String(audited) });
  expect(dead, 'controls that did nothing').toEqual([]);
}

/** The screens behind the login, as the user of `token` in `accountId` sees them. */
async function privateScreens(page: Page, token: string, accountId: number, platformAdmin = false) {
  await pinSession(page, token, accountId);
  return builtScreens({ public: false, platformAdmin }, await demoIds(page, token, accountId));
}

const ROLES: { user: DemoUser; account?: string; what: string }[] = [
  { user: 'admin', what: 'an admin of a business account' },
  { user: 'manager', what: 'an account manager' },
  { user: 'user', what: 'a power user' },
  { user: 'viewer', what: 'a viewer with a few trackers' },
  // Alex Admin in Demo Home is what Casey Consumer is (its admin), without Casey's login:
  // the account settings test changes Casey's password, which ends Casey's other sessions.
  { user: 'admin', account: 'Demo Home', what: 'the admin of a consumer account' },
  { user: 'newcomer', what: 'the admin of an account with no trackers yet' },
];

for (const { user, account, what } of ROLES) {
  for (const k of parts) {
    test(`every control ${what} sees does something (screens ${k + 1} of ${PARTS})`, async ({
      page,
      signIn,
    }, info) => {
      const session = await signIn(user);
      let accountId = session.accountId;
      if (account) {
        const me = await page.request.get('/api/me', {
          headers: { Authorization: `Bearer ${session.token}` },
        });
        const { accounts } = ((await me.json()) as { data: { accounts: AccountRef[] } }).data;
        accountId = accounts.find((a) => a.title === account)!.id;
      }
      const screens = await privateScreens(page, session.token, accountId);
      await auditScreens(page, part(screens, k), info);
    });
  }
}

interface AccountRef {
  id: number;
  title: string;
}

/**
 * In an account it opened, a platform admin sees what the account's admin sees (audited
 * above) plus its own: the screens only it may open, and the shell and tracker screens where
 * its extra controls sit. Those are audited here, so the admin's screens are not clicked twice.
 */
const PLATFORM_ADMIN_SHARED = ['trackers', 'trackers/:id'];

for (const k of parts) {
  test(`every control a platform admin sees in an account it opened does something (screens ${k + 1} of ${PARTS})`, async ({
    page,
  }, info) => {
    // root@demo.test belongs to no account, so the shared sign-in does not serve it.
    const login = await page.request.post('/api/token', {
      data: { email: 'root@demo.test', password: DEMO_PASSWORD },
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const accounts = await page.request.get('/api/admin/accounts?query=Demo%20Logistics', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { data } = (await accounts.json()) as { data: AccountRef[] };
    const logistics = data.find((a) => a.title === 'Demo Logistics')!;
    const everyone = new Set(await builtPaths({ public: false }));
    const screens = (await privateScreens(page, token, logistics.id, true)).filter(
      ({ route }) => !everyone.has(route) || PLATFORM_ADMIN_SHARED.includes(route),
    );
    await auditScreens(page, part(screens, k), info);
  });
}

test('every control on the screens open without a login does something', async ({ page }, info) => {
  // The same for every role, and for no one signed in: audited once.
  const ids = await publicDemoIds(page, DEMO_USERS.admin.email, DEMO_PASSWORD);
  await auditScreens(page, await builtScreens({ public: true }, ids), info);
});
