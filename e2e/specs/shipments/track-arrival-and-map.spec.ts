import type { Page } from '@playwright/test';
import { fleetMap, mapStat } from '../../support/map';
import { listShipments, type ApiShipment } from '../../support/shipments';
import { expect, test } from '../../support/test';

// The viewer's zone, not the server's or the account's: the arrival reads in it.
const ZONE = 'America/Chicago';
test.use({ timezoneId: ZONE });

interface PublicAnswer {
  status: string;
  estimated_end_at: string | null;
  destination: { name: string; location: [number, number] } | null;
}

/** 'arriving about 12:30 pm' worked out from the API's instant, to five minutes, in ZONE. */
function expectedArrival(iso: string, now = new Date()): string {
  const step = 5 * 60_000;
  const at = new Date(Math.round(Date.parse(iso) / step) * step);
  const day = (d: Date) => d.toLocaleDateString('en-US', { timeZone: ZONE });
  const time = at
    .toLocaleTimeString('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' })
    .replace(/\s*(AM|PM)$/, (_, half: string) => ` ${half.toLowerCase()}`);
  const date = at.toLocaleDateString('en-US', { timeZone: ZONE, month: 'short', day: 'numeric' });
  return `arriving about ${day(at) === day(now) ? time : `${date}, ${time}`}`;
}

const publicAnswer = async (page: Page, s: ApiShipment) =>
  (
    (await (await page.request.get(`/api/public-shipments/${s.uuid}`)).json()) as {
      data: PublicAnswer;
    }
  ).data;

test('an ongoing shipment, logged out: its destination, when it should arrive, and a map of the way', async ({
  page,
  sessionOf,
}) => {
  const admin = await sessionOf('admin');
  // An ongoing demo shipment the clock has a prediction for (its tracker is on its way).
  const ongoing = (await listShipments(page, admin, 'general')).filter(
    (s) => ['in-progress', 'running-late'].includes(s.status) && s.estimated_end_at !== null,
  );
  expect(ongoing.length, 'an ongoing demo shipment with a predicted arrival').toBeGreaterThan(0);
  const s = ongoing[0]!;
  const destination = s.to_geofence?.name ?? s.to_address?.name;

  await page.goto(`/shipments/track/${s.uuid}`);
  const card = page.getByRole('region', { name: 'Shipment', exact: true });
  await expect(card.getByRole('heading', { name: s.name })).toBeVisible();
  const field = card.getByRole('group', { name: 'Destination', exact: true });
  await expect(field).toContainText(destination!);

  // The prediction moves with the tracker: the page and the public call at the same moment.
  await expect
    .poll(async () => {
      const shown = (await field.textContent()) ?? '';
      const answer = await publicAnswer(page, s);
      const expected = expectedArrival(answer.estimated_end_at!);
      return shown.includes(expected) ? 'same' : `${shown} / ${expected}`;
    })
    .toBe('same');

  // The small map: the way it came, where it is, and where it goes.
  await expect(fleetMap(page)).toBeVisible();
  await expect.poll(() => mapStat(page, 'trail-lines')).toBeGreaterThanOrEqual(1);
  await expect.poll(() => mapStat(page, 'shipment-markers')).toBe(1);
  await expect.poll(() => mapStat(page, 'route-ends')).toBe(1);
});

test('a finished shipment says no arrival', async ({ page, sessionOf }) => {
  const admin = await sessionOf('admin');
  const done = (await listShipments(page, admin, 'general')).find((s) => s.status === 'completed');
  expect(done, 'a completed demo shipment').toBeDefined();
  await page.goto(`/shipments/track/${done!.uuid}`);
  const card = page.getByRole('region', { name: 'Shipment', exact: true });
  await expect(card.getByRole('group', { name: 'Actual End', exact: true })).toBeVisible();
  await expect(card.getByRole('group', { name: 'Destination', exact: true })).toBeVisible();
  await expect(card.getByText(/arriving about/)).toHaveCount(0);
  expect((await publicAnswer(page, done!)).estimated_end_at).toBeNull();
});
