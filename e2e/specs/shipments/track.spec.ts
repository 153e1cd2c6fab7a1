import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { fleetMap, mapStat } from '../../support/map';
import {
  demoShipment,
  finishedShipment,
  listShipments,
  getShipment,
  shipmentTimeUtc,
  type ApiShipment,
} from '../../support/shipments';
import { expect, test } from '../../support/test';

// Times read in the browser's zone; UTC here, so the test knows what they must read.
test.use({ timezoneId: 'UTC' });

const STATUS_LABELS = ['Not Started', 'In Progress', 'Running Late', 'Completed', 'Completed Late'];
/** What the public call may answer, and nothing more (spec 001 §2: what the page shows). */
const PUBLIC_FIELDS = [
  'current_position',
  'destination',
  'end_at',
  'ended_at',
  'estimated_end_at',
  'events',
  'name',
  'path',
  'start_at',
  'status',
];

const card = (page: Page) => page.getByRole('region', { name: 'Shipment', exact: true });
const field = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

/** Opens the public link in this test's page, which nobody signed in to. */
async function openPublic(page: Page, s: ApiShipment) {
  const answer = page.waitForResponse((r) => r.url().includes(`/api/public-shipments/${s.uuid}`));
  await page.goto(`/shipments/track/${s.uuid}`);
  await expect(card(page).getByRole('heading', { name: s.name })).toBeVisible();
  return (await (await answer).json()) as { data: Record<string, unknown> };
}

test('a completed shipment, logged out: name, badge, schedule, end, events and map', async ({
  page,
  sessionOf,
}) => {
  const { shipment: s, cleanup } = await finishedShipment(
    page,
    await sessionOf('admin'),
    'completed',
  );
  test.info().annotations.push({ type: 'shipment', description: s.name });
  try {
    const body = await openPublic(page, s);
    await expect(page).toHaveURL(new RegExp(`/shipments/track/${s.uuid}$`));
    // No shell: no navigation and no user menu.
    await expect(page.getByRole('navigation')).toHaveCount(0);

    await expect(card(page).getByText('Completed', { exact: true })).toBeVisible();
    await expect(field(page, 'Scheduled Start')).toContainText(shipmentTimeUtc(s.start_at));
    await expect(field(page, 'Scheduled End')).toContainText(shipmentTimeUtc(s.end_at));
    await expect(field(page, 'Actual End')).toContainText(shipmentTimeUtc(s.ended_at!));

    const events = card(page).getByRole('list', { name: 'Events' });
    expect(s.events!.length).toBeGreaterThan(0);
    for (const event of s.events!) {
      const item = events.getByRole('listitem').filter({ hasText: event.description });
      await expect(item.first().locator('time')).toHaveText(/ ago$/);
    }

    await expect.poll(() => mapStat(page, 'frames')).toBeGreaterThanOrEqual(1);
    await expect(fleetMap(page)).toHaveAttribute('data-frame-inside', '1');
    if (s.path!.length > 1) {
      await expect.poll(() => mapStat(page, 'trail-lines')).toBeGreaterThanOrEqual(1);
    }
    if (s.current_position) await expect.poll(() => mapStat(page, 'shipment-markers')).toBe(1);

    // The page's own call answers exactly what it shows: no e-mails, phones or ids.
    expect(Object.keys(body.data).sort()).toEqual(PUBLIC_FIELDS);
    for (const event of body.data.events as Record<string, unknown>[]) {
      expect(Object.keys(event).sort()).toEqual(['description', 'event_at']);
    }
    expect(JSON.stringify(body)).not.toMatch(/account_id|device_id|geofence_id|email|phone|"id"/);
  } finally {
    await cleanup();
  }
});

test('ongoing shipments show a badge only when Running Late, and no end', async ({
  page,
  sessionOf,
}) => {
  const admin = await sessionOf('admin');
  // Which ongoing statuses the demo has besides Not Started varies with its trackers' history.
  const ongoing = (await listShipments(page, admin, 'general')).filter((s) =>
    ['not-started', 'in-progress', 'running-late'].includes(s.status),
  );
  const statuses = [...new Set(ongoing.map((s) => s.status))];
  expect(statuses).toContain('not-started');
  for (const status of statuses) {
    const s = await getShipment(page, admin, ongoing.find((o) => o.status === status)!.id);
    await openPublic(page, s);
    for (const label of STATUS_LABELS) {
      await expect(card(page).getByText(label, { exact: true })).toHaveCount(
        status === 'running-late' && label === 'Running Late' ? 1 : 0,
      );
    }
    await expect(field(page, 'Scheduled Start')).toContainText(shipmentTimeUtc(s.start_at));
    await expect(field(page, 'Scheduled End')).toContainText(shipmentTimeUtc(s.end_at));
    await expect(field(page, 'Actual End')).toHaveCount(0);
    if (s.events!.length === 0) await expect(card(page).getByText('No events')).toBeVisible();
  }
});

test('a Completed Late shipment shows its badge', async ({ page, sessionOf }) => {
  const { shipment: s, cleanup } = await finishedShipment(
    page,
    await sessionOf('admin'),
    'completed-late',
  );
  try {
    await openPublic(page, s);
    await expect(card(page).getByText('Completed Late', { exact: true })).toBeVisible();
    await expect(field(page, 'Actual End')).toContainText(shipmentTimeUtc(s.ended_at!));
  } finally {
    await cleanup();
  }
});

test('an unknown link shows an error toast and the page stays', async ({ page }) => {
  const uuid = randomUUID();
  await page.goto(`/shipments/track/${uuid}`);
  await expect(
    page.locator('.mantine-Notification-root').getByText('This shipment could not be loaded'),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/shipments/track/${uuid}$`));
});

test('the public page fits a phone', async ({ page, sessionOf }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Not Started ones are always in the demo; the page is the same whatever the status.
  const s = await demoShipment(page, await sessionOf('admin'), 'not-started');
  await openPublic(page, s);
  await expect(field(page, 'Scheduled End')).toBeVisible();
  await expect(fleetMap(page)).toBeVisible();
  const box = await fleetMap(page).boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
