import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiGet, apiPost, uniqueName, type Session } from '../../support/session';
import { expect, expectSignedIn, test } from '../../support/test';

/** Spec 001 §4 status labels, §2 list texts and spec 000 §8 shared toasts, verbatim. */
const STATUS_LABELS: Record<string, string> = {
  'not-started': 'Not Started',
  'in-progress': 'In Progress',
  'running-late': 'Running Late',
  completed: 'Completed',
  'completed-late': 'Completed Late',
};
const SEARCH = 'Search Shipments...';
const NO_SHIPMENTS = 'There are no shipments';
const NO_ARCHIVED = 'There are no archived shipments';
const DOWNLOAD = 'Download these shipments';
const RANGE_TOOLTIP = 'Select range for a start date';

interface ApiShipment {
  id: number;
  name: string;
  status: string;
  start_at: string;
  device_id: number;
  from_geofence_id: number | null;
  to_geofence_id: number | null;
}

const DAY = 86_400_000;

/** The list call's default window (15 days back to 15 days ahead), as the API takes it. */
function windowQuery() {
  const now = Date.now();
  const from = new Date(now - 15 * DAY).toISOString();
  const to = new Date(now + 15 * DAY).toISOString();
  return `date_from=${from}&date_to=${to}`;
}

const shipmentsOf = (page: Page, session: Session, key: 'general' | 'archived') =>
  apiGet<ApiShipment[]>(
    page,
    session,
    `/accounts/${session.accountId}/shipments?key=${key}&${windowQuery()}`,
  );

/** A shipment of this test's own, starting in 3 days on a demo shipment's tracker and depots. */
async function createShipment(page: Page, session: Session, prefix: string) {
  const [demo] = (await shipmentsOf(page, session, 'general')).filter(
    (s) => s.from_geofence_id !== null && s.to_geofence_id !== null,
  );
  if (!demo) throw new Error('The demo account has no shipment between two depots');
  const start = Date.now() + 3 * DAY;
  return apiPost<ApiShipment>(page, session, `/accounts/${session.accountId}/shipments`, {
    name: uniqueName(prefix),
    start_at: new Date(start).toISOString(),
    end_at: new Date(start + 2 * DAY).toISOString(),
    device_id: demo.device_id,
    from_geofence_id: demo.from_geofence_id,
    to_geofence_id: demo.to_geofence_id,
    notify_at: 0,
  });
}

const rows = (page: Page) => page.getByRole('list', { name: 'Shipments' }).getByRole('listitem');
const row = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Shipments' }).getByRole('listitem', { name, exact: true });

async function search(page: Page, text: string) {
  await page.getByPlaceholder(SEARCH).fill(text);
}

test('the demo shipments are listed with their status, and search and the status filter narrow them', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const demo = (await shipmentsOf(page, session, 'general')).filter((s) => /^PO \d+ /.test(s.name));
  expect(demo.length).toBeGreaterThan(2);

  await page.goto('/shipments');
  await expectSignedIn(page, 'admin');
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  for (const s of demo) {
    await expect(
      row(page, s.name).getByText(STATUS_LABELS[s.status]!, { exact: true }),
    ).toBeVisible();
  }
  // The map has the listed shipments (clustered or not).
  await expect(page.getByTestId('fleet-map')).toHaveAttribute('data-shipments', /^[1-9]\d*$/);

  // Search: one demo shipment by its full name.
  const [first, ...others] = demo;
  await search(page, first!.name);
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, first!.name)).toBeVisible();
  await search(page, '');
  await expect(row(page, others[0]!.name)).toBeVisible();

  // The status filter: only Not Started left ticked.
  const notStarted = demo.filter((s) => s.status === 'not-started');
  const started = demo.filter((s) => s.status !== 'not-started');
  expect(notStarted.length).toBeGreaterThan(0);
  expect(started.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Status' }).click();
  const filter = page.getByRole('dialog', { name: 'Status' });
  for (const status of ['In Progress', 'Running Late', 'Completed', 'Completed Late']) {
    await filter.getByRole('checkbox', { name: status, exact: true }).uncheck();
  }
  await page.keyboard.press('Escape');
  for (const s of started) await expect(row(page, s.name)).toHaveCount(0);
  for (const s of notStarted) await expect(row(page, s.name)).toBeVisible();
  // Other tests add and start shipments in this account meanwhile: every row left, whatever
  // their number at this moment, is Not Started.
  await expect(rows(page).filter({ hasNotText: 'Not Started' })).toHaveCount(0);

  // The bar's date range carries the spec's tooltip.
  await page.getByRole('button', { name: RANGE_TOOLTIP }).hover();
  await expect(page.getByRole('tooltip', { name: RANGE_TOOLTIP })).toBeVisible();
});

test('the Archived tab lists the archived shipments, and says so when nothing matches', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  // The demo archives its oldest Completed shipment when it planned two or more; one of this
  // test's own is archived through the API either way.
  const own = await createShipment(page, session, 'E2E archived');
  await apiPost(page, session, `/accounts/${session.accountId}/shipments/bulk/archive`, {
    ids: [own.id],
  });
  const archived = await shipmentsOf(page, session, 'archived');
  expect(archived.map((s) => s.id)).toContain(own.id);

  await page.goto('/shipments');
  await page.getByRole('tab', { name: 'Archived' }).click();
  await expect(page).toHaveURL(/\/archived-shipments$/);
  await expect(page.getByRole('tab', { name: 'Archived' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  for (const s of archived.filter((a) => /^PO \d+ /.test(a.name) || a.id === own.id)) {
    await expect(row(page, s.name).getByText(STATUS_LABELS[s.status]!)).toBeVisible();
  }

  await search(page, 'no shipment is called this');
  await expect(page.getByText(NO_ARCHIVED)).toBeVisible();
});

test('a shipment is archived and unarchived in bulk, moving between the tabs', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const shipment = await createShipment(page, session, 'E2E archive');

  await page.goto('/shipments');
  await search(page, shipment.name);
  await expect(row(page, shipment.name)).toBeVisible();
  // Its marker, alone on the map, opens a popup linking its details.
  const map = page.getByTestId('fleet-map');
  await expect(map).toHaveAttribute('data-shipment-markers', '1');
  await map.click();
  const popup = page.getByTestId('shipment-popup');
  await expect(popup.getByRole('link', { name: shipment.name })).toHaveAttribute(
    'href',
    `/shipments/${shipment.id}`,
  );

  await page.getByRole('checkbox', { name: `Select ${shipment.name}` }).check();
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Archived successfully!')).toBeVisible();
  await expect(page.getByText(NO_SHIPMENTS)).toBeVisible();

  await page.getByRole('tab', { name: 'Archived' }).click();
  await expect(page).toHaveURL(/\/archived-shipments$/);
  await search(page, shipment.name);
  await expect(row(page, shipment.name)).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${shipment.name}` }).check();
  await page.getByRole('button', { name: 'Unarchive' }).click();
  await expect(page.getByText('Unarchived successfully!')).toBeVisible();
  await expect(page.getByText(NO_ARCHIVED)).toBeVisible();

  await page.getByRole('tab', { name: 'General' }).click();
  await search(page, shipment.name);
  await expect(row(page, shipment.name)).toBeVisible();
});

test('a shipment is deleted in bulk after a confirmation', async ({ page, signIn }) => {
  const session = await signIn('admin');
  const shipment = await createShipment(page, session, 'E2E delete');

  await page.goto('/shipments');
  await search(page, shipment.name);
  await page.getByRole('checkbox', { name: `Select ${shipment.name}` }).check();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to delete this shipment?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Successfully deleted!')).toBeVisible();
  await expect(page.getByText(NO_SHIPMENTS)).toBeVisible();
  const left = await shipmentsOf(page, session, 'general');
  expect(left.some((s) => s.id === shipment.id)).toBe(false);
});

test('the listed shipments download as a CSV file', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/shipments');
  await expect(rows(page).first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: DOWNLOAD }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.trim().split('\n').length).toBeGreaterThan(1);
});

test('a viewer reads the list without bulk actions or New Shipment', async ({ page, signIn }) => {
  await signIn('viewer');
  await page.goto('/shipments');
  await expectSignedIn(page, 'viewer');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Shipment' })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Select all' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('an account without shipments is sent to the trackers; old addresses land on the list', async ({
  page,
  signIn,
}) => {
  // Alex Admin in Demo Home, the consumer account: Casey's login is not used, as the account
  // settings test renames Casey and changes the password while this one runs.
  await signIn('admin', { account: 'Demo Home' });
  await page.goto('/shipments');
  await expect(page).toHaveURL(/\/trackers$/);
  await page.goto('/archived-shipments');
  await expect(page).toHaveURL(/\/trackers$/);

  await signIn('admin');
  await page.goto('/dashboard/shipments');
  await expect(page).toHaveURL(/\/shipments$/);
  await expect(page.getByPlaceholder(SEARCH)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list and the map take turns', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/shipments');
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Shipment' })).toBeVisible();
    await page.getByText('Map', { exact: true }).click();
    await expect(page.getByTestId('fleet-map')).toHaveAttribute('data-shipments', /^[1-9]\d*$/);
    await page.getByText('List', { exact: true }).click();
    await expect(rows(page).first()).toBeVisible();
  });
});
