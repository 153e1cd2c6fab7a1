import type { Page } from '@playwright/test';
import { layoutFaults, screenLoaded } from '../../support/overflow';
import { apiGet, type Session } from '../../support/session';
import { expect, test } from '../../support/test';

interface Schedule {
  id: number;
  name: string;
  report: string;
  frequency: string;
  format: string;
  emails: string[];
  user_ids: number[];
  edited_at: string | null;
}

/** GET an account call with the page's token. */
async function get<T>(page: Page, session: Session, path: string): Promise<T> {
  const response = await page.request.get(`/api/accounts/${session.accountId}${path}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

test('an admin schedules a weekly trips PDF by e-mail, sees it listed and deletes it', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  await page.goto('/reports/fleet');
  const list = page.getByRole('table', { name: 'Scheduled reports' });
  // The demo's schedule is there from the start.
  await expect(list.getByRole('row', { name: /Daily fleet summary/ })).toBeVisible();

  const name = `Weekly trips ${Date.now().toString(36)}`;
  const form = page.getByRole('form', { name: 'Schedule a report' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('combobox', { name: 'Report' }).click();
  await page.getByRole('option', { name: 'Trips' }).click();
  await form.getByRole('combobox', { name: 'Every' }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await form.getByRole('combobox', { name: 'File' }).click();
  await page.getByRole('option', { name: 'PDF' }).click();
  await form.getByRole('combobox', { name: 'E-mail addresses' }).fill('dispatch@example.com');
  await page.keyboard.press('Enter');
  await form.getByRole('button', { name: 'Schedule' }).click();

  const row = list.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell')).toHaveText([
    name,
    'Trips (PDF)',
    'Weekly',
    'All',
    'you, dispatch@example.com',
    'Not yet',
    /Edit\s*Delete/,
  ]);
  const me = await apiGet<{ id: number }>(page, session, '/me');
  const saved = await get<{ data: Schedule[] }>(page, session, '/report-schedules');
  expect(saved.data.find((s) => s.name === name)).toMatchObject({
    report: 'trips',
    frequency: 'weekly',
    format: 'pdf',
    emails: ['dispatch@example.com'],
    user_ids: [me.id],
  });

  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(row).toHaveCount(0);
  const after = await get<{ data: Schedule[] }>(page, session, '/report-schedules');
  expect(after.data.some((s) => s.name === name)).toBe(false);
});

test('an admin mails a schedule to a user picked by name and an address, then edits it', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const me = await apiGet<{ id: number }>(page, session, '/me');
  const people = await get<{ data: { id: number; name: string }[] }>(
    page,
    session,
    '/report-schedules/recipients',
  );
  const manager = people.data.find((p) => p.name === 'Morgan Manager')!;
  expect(manager, 'the manager among the users a schedule can mail').toBeDefined();
  await page.goto('/reports/fleet');
  const list = page.getByRole('table', { name: 'Scheduled reports' });

  const name = `Daily summary ${Date.now().toString(36)}`;
  const form = page.getByRole('form', { name: 'Schedule a report' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  // The signed-in admin is chosen already; the manager is picked among the account's users.
  await form.getByRole('combobox', { name: 'Users' }).fill('Morg');
  await page.getByRole('option', { name: 'Morgan Manager' }).click();
  await form.getByRole('combobox', { name: 'E-mail addresses' }).fill('ops@example.com');
  await page.keyboard.press('Enter');
  await form.getByRole('button', { name: 'Schedule' }).click();
  const row = list.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell').nth(4)).toHaveText('you, Morgan Manager, ops@example.com');
  const made = (await get<{ data: Schedule[] }>(page, session, '/report-schedules')).data.find(
    (s) => s.name === name,
  )!;
  expect(made.user_ids.sort()).toEqual([me.id, manager.id].sort());

  // Edit: the form above the list takes the schedule's values; monthly, to the manager only.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('form', { name: `Edit ${name}` });
  await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await edit.getByRole('textbox', { name: 'Name' }).fill(`${name} monthly`);
  await edit.getByRole('combobox', { name: 'Every' }).click();
  await page.getByRole('option', { name: 'Monthly' }).click();
  await edit.getByRole('combobox', { name: 'Users' }).click();
  await page.getByRole('option', { name: 'Alex Admin (you)' }).click();
  await page.keyboard.press('Escape');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);

  const edited = list.getByRole('row', { name: new RegExp(`${name} monthly`) });
  await expect(edited.getByRole('cell')).toHaveText([
    `${name} monthly`,
    'Summary (XLSX)',
    'Monthly',
    'All',
    'Morgan Manager, ops@example.com',
    'Not yet',
    /Edit\s*Delete/,
  ]);
  const saved = (await get<{ data: Schedule[] }>(page, session, '/report-schedules')).data.find(
    (s) => s.id === made.id,
  );
  expect(saved).toMatchObject({
    name: `${name} monthly`,
    frequency: 'monthly',
    user_ids: [manager.id],
    emails: ['ops@example.com'],
    edited_at: expect.any(String),
  });

  page.once('dialog', (dialog) => void dialog.accept());
  await edited.getByRole('button', { name: `Delete ${name} monthly` }).click();
  await expect(edited).toHaveCount(0);
});

test('the Events table and the chart per tracker or per period', async ({ page, signIn }) => {
  const session = await signIn('admin');
  await page.goto('/reports/fleet');
  const trips = await get<{ meta: { date_from: string; date_to: string; timezone: string } }>(
    page,
    session,
    '/trips?per_page=1',
  );
  await expect(page.getByRole('table', { name: 'Trips' })).toBeVisible();

  // The events of the range (the account's days), as the events call answers them.
  const { date_from, date_to, timezone } = trips.meta;
  const bounds = await page.evaluate(
    ({ from, to, zone }) => {
      // The instant a local midnight of `zone` falls on: guess UTC, correct by the zone's offset.
      const midnight = (day: string) => {
        const guess = Date.parse(`${day}T00:00:00Z`);
        const shown = new Date(guess).toLocaleString('en-US', { timeZone: zone, hour12: false });
        return guess - (Date.parse(`${shown} UTC`) - guess);
      };
      const end = midnight(to) + 86_400_000 - 1;
      return { from: new Date(midnight(from)).toISOString(), to: new Date(end).toISOString() };
    },
    { from: date_from, to: date_to, zone: timezone },
  );
  const events = await get<{ data: { description: string }[] }>(
    page,
    session,
    `/events?per_page=100&date_from=${bounds.from}&date_to=${bounds.to}`,
  );
  await page.getByRole('tab', { name: 'Events' }).click();
  const eventsTable = page.getByRole('table', { name: 'Events' });
  await expect(eventsTable).toBeVisible();
  await expect(eventsTable.locator('tbody tr')).toHaveCount(Math.max(1, events.data.length));

  const summary = await get<{ data: { device_name: string; period_start: string }[] }>(
    page,
    session,
    '/summary?per_page=500',
  );
  await page.getByRole('tab', { name: 'Summary' }).click();
  const chart = page.getByRole('img', { name: 'Distance chart' });
  const trackers = new Set(summary.data.map((r) => r.device_name));
  const periods = new Set(summary.data.map((r) => r.period_start));
  await expect(chart.locator('g')).toHaveCount(trackers.size);
  await expect(chart).toContainText([...trackers][0]!);
  await page.getByText('Per period').click();
  await expect(chart.locator('g')).toHaveCount(periods.size);
  const first = [...periods].sort()[0]!;
  const label = new Date(`${first}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  await expect(chart.locator('g').first()).toContainText(label);
});

test.describe('in a 375×812 window', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the Fleet reports tab with its schedules fits', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/reports/fleet');
    await expect(page.getByRole('table', { name: 'Scheduled reports' })).toBeVisible();
    await screenLoaded(page);
    expect(await layoutFaults(page)).toEqual([]);
  });
});
