import type { Page } from '@playwright/test';
import { storeNotificationSettings } from '../../support/alerts';
import { apiGet, type Session } from '../../support/session';
import { expect, test } from '../../support/test';
import { DEMO_PASSWORD } from '../../support/users';

interface Tracker {
  id: number;
  name: string;
  serial: string;
  current_position: { lat: number; lng: number } | null;
}

interface Profile {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  timezone_id: number;
}

interface OutboxMessage {
  channel: string;
  kind: string;
  to: string;
  subject: string;
  status: string;
  created_at: string;
}

/** The demo admin, whose notifications the test turns on. */
const ADMIN_EMAIL = 'admin@demo.test';

/** A number no demo user has, so the SMS outbox row is this test's. */
const PHONE = '3125550199';

/** Sets the user's phone through the profile API (null removes it). */
async function setPhone(page: Page, session: Session, phone: string | null) {
  const me = await apiGet<Profile>(page, session, '/me');
  const response = await page.request.put(`/api/users/${me.id}`, {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { name: me.name, email: me.email, phone, timezone_id: me.timezone_id },
  });
  expect(response.ok(), 'PUT users').toBe(true);
}

/** root@demo.test belongs to no account, so the shared sign-in does not serve it. */
async function signInAsRoot(page: Page, baseURL: string) {
  const login = await page.request.post('/api/token', {
    data: { email: 'root@demo.test', password: DEMO_PASSWORD },
  });
  expect(login.ok(), 'POST /api/token as root').toBe(true);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  await page.context().setStorageState({
    cookies: [],
    origins: [
      { origin: new URL(baseURL).origin, localStorage: [{ name: 'waymark.token', value: token }] },
    ],
  });
  return token;
}

test('a platform admin reads in the outbox the e-mail and SMS an alert just sent, each sent once', async ({
  page,
  baseURL,
  sessionOf,
}) => {
  const admin = await sessionOf('admin');
  const trackers = await apiGet<Tracker[]>(
    page,
    admin,
    `/accounts/${admin.accountId}/device-list?with_current_position=1`,
  );
  // Not the trackers other alert tests move (Reefer 10, the power user's last one).
  const tracker = trackers.filter((t) => t.current_position && t.name !== 'Reefer 10').at(-3)!;
  const { api_token } = await apiGet<{ api_token: string }>(
    page,
    admin,
    `/accounts/${admin.accountId}/api-token`,
  );
  const description = `${tracker.name} battery is low (5%)`;
  const root = await signInAsRoot(page, baseURL!);

  await setPhone(page, admin, PHONE);
  await storeNotificationSettings(page, admin, [
    { code: 'notify_low_charge', value: 1 },
    { code: 'notify_via_email', value: 1 },
    { code: 'notify_via_sms', value: 1 },
  ]);
  try {
    // A full battery, then an empty one: one low-battery event, sent by e-mail and SMS.
    const at = Date.now() + 60_000;
    const { lat, lng } = tracker.current_position!;
    const ingest = await page.request.post('/api/ingest/positions', {
      headers: { Authorization: `Bearer ${api_token}` },
      data: {
        positions: [
          { serial: tracker.serial, timestamp: new Date(at).toISOString(), lat, lng, battery: 90 },
          {
            serial: tracker.serial,
            timestamp: new Date(at + 1000).toISOString(),
            lat,
            lng,
            battery: 5,
          },
        ],
      },
    });
    expect(ingest.ok()).toBe(true);
    // Sent by a job: wait until the outbox has sent both, then read them in the app.
    const isOurs = (m: OutboxMessage) =>
      m.kind === 'alert' &&
      m.created_at >= new Date(at - 60_000).toISOString() &&
      // The admin's mail: other users of the account may take low-battery mail too.
      (m.channel === 'mail'
        ? m.to === ADMIN_EMAIL && m.subject.includes(description)
        : m.to.includes(PHONE));
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/admin/outbound-messages?per_page=100', {
          headers: { Authorization: `Bearer ${root}` },
        });
        const { data } = (await response.json()) as { data: OutboxMessage[] };
        return data
          .filter(isOurs)
          .map((m) => `${m.channel} ${m.status}`)
          .sort();
      })
      .toEqual(['mail sent', 'sms sent']);

    await page.goto('/');
    const outbox = page.getByRole('link', { name: 'Outbox' });
    await expect(outbox).toBeVisible();
    await outbox.click();
    await expect(page).toHaveURL(/\/admin\/outbox$/);
    await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();

    // Every channel at once, newest first; the search narrows it to one recipient.
    const all = page.getByRole('table', { name: 'Outbox' });
    await page.getByLabel('Search recipients').fill(ADMIN_EMAIL);
    const email = all.getByRole('row').filter({ hasText: description });
    await expect(email).toHaveCount(1);
    const cells = email.getByRole('cell');
    await expect(cells.nth(1)).toHaveText(ADMIN_EMAIL);
    // Sent: the subject stays as the record, the body is not kept.
    await expect(cells.nth(2)).toContainText('Not kept once sent');
    await expect(cells.nth(3)).toHaveText(/^Mail\s*alert$/);
    await expect(cells.nth(4)).toHaveText('sent');
    await expect(cells.nth(5)).toHaveText('1');
    await expect(cells.nth(6)).toHaveText('—');

    await page.getByRole('tab', { name: 'SMS' }).click();
    const sms = page.getByRole('table', { name: 'SMS outbox' });
    await page.getByLabel('Search recipients').fill(PHONE);
    const text = sms.getByRole('row').filter({ hasText: PHONE });
    await expect(text).toHaveCount(1);
    await expect(text.getByRole('cell').nth(3)).toHaveText(/^SMS\s*alert$/);
    await expect(text.getByRole('cell').nth(4)).toHaveText('sent');
    await expect(text.getByRole('cell').nth(5)).toHaveText('1');

    // The mail is not among the texts, nor the text among the webhooks.
    await expect(sms.getByRole('row').filter({ hasText: description })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await expect(page.getByRole('table', { name: 'Webhook outbox' })).toBeVisible();
    await expect(page.getByText('No results match')).toBeVisible();
  } finally {
    await storeNotificationSettings(page, admin, [
      { code: 'notify_low_charge', value: 0 },
      { code: 'notify_via_email', value: 0 },
      { code: 'notify_via_sms', value: 0 },
    ]);
    await setPhone(page, admin, null);
  }
});

test('an account admin who is no platform admin cannot open the outbox', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Outbox' })).toHaveCount(0);

  await page.goto('/admin/outbox');
  await expect(page).toHaveURL(/\/trackers$/);
  await expect(page.getByRole('heading', { name: 'Outbox' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Outbox' })).toHaveCount(0);
});
