import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { fleetMap, mapStat } from '../../support/map';
import { apiGet, apiPost } from '../../support/session';
import {
  createShipment,
  deleteShipment,
  demoShipment,
  finishedShipment,
  getShipment,
  listShipments,
  shipmentTimeUtc,
} from '../../support/shipments';
import { expect, test } from '../../support/test';

// Times read in the browser's zone; UTC here, so the test knows what they must read.
test.use({ timezoneId: 'UTC' });

const field = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

test('an admin reads a completed shipment: every field, the events, the map, copy and download', async ({
  page,
  signIn,
  context,
  baseURL,
}) => {
  const session = await signIn('admin');
  const { shipment: s, cleanup } = await finishedShipment(page, session, 'completed');
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

    await page.goto(`/shipments/${s.id}`);
    await expect(page.getByRole('heading', { name: s.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'All Shipments' })).toHaveAttribute(
      'href',
      s.archived_at ? '/archived-shipments' : '/shipments',
    );

    await expect(field(page, 'Name')).toContainText(s.name);
    await expect(field(page, 'Carrier')).toContainText(s.carrier!);
    await expect(field(page, 'Status')).toContainText('Completed');
    await expect(field(page, 'Start')).toContainText(shipmentTimeUtc(s.start_at));
    // Not ongoing: the actual end, not the estimated one.
    await expect(field(page, 'Actual End')).toContainText(shipmentTimeUtc(s.ended_at!));
    await expect(field(page, 'Estimated End')).toHaveCount(0);
    await expect(field(page, 'Scheduled End')).toContainText(shipmentTimeUtc(s.end_at));
    await expect(
      field(page, 'Tracker').getByRole('link', { name: s.device!.name }),
    ).toHaveAttribute('href', `/trackers/${s.device_id}`);
    await expect(
      field(page, 'From').getByRole('link', { name: s.from_geofence!.name }),
    ).toHaveAttribute('href', `/geofences/${s.from_geofence_id}`);
    await expect(
      field(page, 'To').getByRole('link', { name: s.to_geofence!.name }),
    ).toHaveAttribute('href', `/geofences/${s.to_geofence_id}`);
    // The demo's shipments notify nobody.
    await expect(field(page, 'Email list')).toHaveText(/Email list\s*—/);

    const events = page.getByRole('list', { name: 'Events' });
    expect(s.events!.length).toBeGreaterThan(0);
    for (const event of s.events!) {
      const item = events.getByRole('listitem').filter({ hasText: event.description });
      await expect(item.first()).toContainText(shipmentTimeUtc(event.event_at));
    }

    await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/shipments/${s.id}/edit`,
    );
    const autoRefresh = page.getByRole('switch', { name: 'Auto-refresh' });
    await expect(autoRefresh).not.toBeChecked();
    await autoRefresh.check();
    await expect(autoRefresh).toBeChecked();

    await page.getByRole('button', { name: 'Copy Link' }).click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${new URL(baseURL!).origin}/shipments/track/${s.uuid}`);
    // The label comes back by itself.
    await expect(page.getByRole('button', { name: 'Copy Link' })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download these points' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    // A header, then a row per point of the path.
    expect(csv.split('\n').filter(Boolean).length).toBe(1 + s.path!.length);

    // The map: both geofences, the planned route, the path and the marker, all framed.
    await expect(fleetMap(page)).toHaveAttribute('data-ready', 'true');
    await expect(fleetMap(page)).toHaveAttribute('data-geofences', '2');
    await expect.poll(() => mapStat(page, 'frames')).toBeGreaterThanOrEqual(1);
    await expect(fleetMap(page)).toHaveAttribute('data-frame-inside', '1');
    // Both ends show, drawn whole or marked while too small to see at this zoom.
    await expect.poll(() => mapStat(page, 'geofences-seen')).toBe(2);
    await expect.poll(() => mapStat(page, 'route-lines')).toBeGreaterThanOrEqual(1);
    if (s.path!.length > 1) {
      await expect.poll(() => mapStat(page, 'trail-lines')).toBeGreaterThanOrEqual(1);
    }
    if (s.current_position) await expect.poll(() => mapStat(page, 'shipment-markers')).toBe(1);
    const legend = page.getByRole('region', { name: 'Map legend' });
    await expect(legend.getByText('Planned route')).toBeVisible();
  } finally {
    await cleanup();
  }
});

test('an ongoing shipment shows its estimated end', async ({ page, signIn }) => {
  const session = await signIn('admin');
  // The demo always plans two for tomorrow; how many are under way varies from run to run.
  const s = await demoShipment(page, session, 'not-started');
  await page.goto(`/shipments/${s.id}`);
  await expect(field(page, 'Status')).toContainText('Not Started');
  await expect(field(page, 'Estimated End')).toContainText(
    s.estimated_end_at ? shipmentTimeUtc(s.estimated_end_at) : '—',
  );
  await expect(field(page, 'Actual End')).toHaveCount(0);
});

test('an archived shipment leads back to the archived list', async ({ page, signIn }) => {
  const session = await signIn('admin');
  const start = new Date(Date.now() + 30 * 86_400_000);
  const made = await createShipment(page, session, {
    start_at: start,
    end_at: new Date(start.getTime() + 86_400_000),
  });
  try {
    await apiPost(page, session, `/accounts/${session.accountId}/shipments/bulk/archive`, {
      ids: [made.id],
    });
    await page.goto(`/shipments/${made.id}`);
    await expect(page.getByRole('heading', { name: made.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'All Shipments' })).toHaveAttribute(
      'href',
      '/archived-shipments',
    );
  } finally {
    await deleteShipment(page, session, made.id);
  }
});

test('a shipment to an address names it, lists its e-mails and draws the address', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const geofences = await apiGet<{ id: number; name: string; lat: number; lng: number }[]>(
    page,
    session,
    `/accounts/${session.accountId}/geofences`,
  );
  const depot = geofences[0]!;
  const start = new Date(Date.now() + 30 * 86_400_000);
  const created = await createShipment(page, session, {
    carrier: null,
    start_at: start,
    end_at: new Date(start.getTime() + 86_400_000),
    from_geofence_id: depot.id,
    to_geofence_id: null,
    to_address: { name: 'Dock 4, Gary Harbor', lat: depot.lat + 0.5, lng: depot.lng + 0.5 },
    notification_emails: ['ops@example.test', 'night@example.test'],
  });
  try {
    const s = await getShipment(page, session, created.id);
    await page.goto(`/shipments/${s.id}`);
    await expect(field(page, 'Status')).toContainText('Not Started');
    await expect(field(page, 'Carrier')).toHaveText(/Carrier\s*—/);
    await expect(field(page, 'To')).toContainText('Dock 4, Gary Harbor');
    await expect(field(page, 'To').getByRole('link')).toHaveCount(0);
    await expect(field(page, 'From').getByRole('link', { name: depot.name })).toBeVisible();
    await expect(field(page, 'Email list')).toContainText('ops@example.test, night@example.test');
    await expect(page.getByText('No events')).toBeVisible();
    // No path yet: the two places and the route between them, framed; the address as a point.
    await expect.poll(() => mapStat(page, 'frames')).toBeGreaterThanOrEqual(1);
    await expect(fleetMap(page)).toHaveAttribute('data-frame-inside', '1');
    await expect.poll(() => mapStat(page, 'route-ends')).toBe(1);
    await expect.poll(() => mapStat(page, 'route-lines')).toBeGreaterThanOrEqual(1);
  } finally {
    await deleteShipment(page, session, created.id);
  }
});

test('a viewer reads a shipment without Edit', async ({ page, signIn }) => {
  const session = await signIn('viewer');
  const [s] = await listShipments(page, session, 'general');
  expect(s, 'the viewer sees a demo shipment').toBeDefined();
  await page.goto(`/shipments/${s!.id}`);
  await expect(page.getByRole('heading', { name: s!.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download these points' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
});

test('an unknown shipment is not found', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/shipments/987654321');
  await expect(page.getByText('Looks like this page does not exist')).toBeVisible();
});
