import type { Page } from '@playwright/test';
import { apiGet, type Session } from '../../support/session';
import { expect, expectSignedIn, test } from '../../support/test';

/**
 * Issue 38's three kinds of question asked in the browser as a fleet manager types them: a
 * count, a distance last week and an action on a place. Each answer is checked against the
 * API it must agree with (the trackers in a status, the daily summaries, the geofence).
 */

type Tracker = { id: number; name: string };
type Geofence = { id: number; name: string; lat: number; lng: number };

async function ask(page: Page, question: string) {
  const scout = page.getByRole('region', { name: 'Scout' });
  const before = await scout.getByTestId('scout-answer').count();
  const input = scout.getByRole('textbox', { name: 'Message Scout' });
  await input.fill(question);
  await input.press('Enter');
  await expect(scout.getByTestId('scout-answer')).toHaveCount(before + 1);
  return scout.getByTestId('scout-answer').last();
}

/** Trucks whose status chip is 'moving', by the product's rule (GET devices?fleet_status). */
async function movingTrucks(page: Page, session: Session) {
  const moving = await apiGet<Tracker[]>(
    page,
    session,
    `/accounts/${session.accountId}/devices?fleet_status=moving&query=Truck&per_page=500`,
  );
  return moving.filter((d) => d.name.startsWith('Truck ')).length;
}

/** The account's local day `offset` days from today, YYYY-MM-DD. */
function localDay(zone: string, offset: number) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const day = new Date(`${parts}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
}

test('Scout counts, measures last week and draws around a place, as the API has them', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  const scout = page.getByRole('region', { name: 'Scout' });
  await scout.getByRole('button', { name: 'New Chat' }).click();

  // A count: the trucks moving now (read before and after: one may start or stop meanwhile).
  const movingBefore = await movingTrucks(page, session);
  const count = await ask(page, 'How many trucks are moving right now?');
  const movingAfter = await movingTrucks(page, session);
  const said = (await count.textContent()) ?? '';
  const n = /^None of the trucks/.test(said)
    ? 0
    : Number(/^(\d+) trucks? (is|are) moving/.exec(said)?.[1]);
  expect([movingBefore, movingAfter]).toContain(n);

  // A distance last week: Monday to Sunday before this week, in the account's zone.
  const trucks = await apiGet<Tracker[]>(
    page,
    session,
    `/accounts/${session.accountId}/devices?query=Truck%2043&per_page=5`,
  );
  const truck43 = trucks.find((d) => d.name === 'Truck 43')!;
  const zone = (
    (await (
      await page.request.get(`/api/accounts/${session.accountId}/summary?per_page=1`, {
        headers: { Authorization: `Bearer ${session.token}` },
      })
    ).json()) as { meta: { timezone: string } }
  ).meta.timezone;
  const today = localDay(zone, 0);
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const [from, to] = [localDay(zone, -weekday - 7), localDay(zone, -weekday - 1)];
  const rows = await apiGet<{ distance: number }[]>(
    page,
    session,
    `/accounts/${session.accountId}/summary?date_from=${from}&date_to=${to}&device_ids=${truck43.id}&per_page=500`,
  );
  const miles = rows.reduce((sum, r) => sum + r.distance, 0) / 1609.344;
  const distance = await ask(page, 'How many miles did Truck 43 drive last week?');
  const answered = /Truck 43: distance driven ([\d,.]+) mi last week/.exec(
    (await distance.textContent()) ?? '',
  );
  expect(answered, 'the answer says the miles of last week').not.toBeNull();
  expect(Math.abs(Number(answered![1]!.replace(/,/g, '')) - miles)).toBeLessThanOrEqual(
    Math.max(0.005 * miles, 0.5),
  );

  // An action on a place: Dallas is the geofence Dallas Hub, drawn where the API has it.
  const geofences = await apiGet<Geofence[]>(
    page,
    session,
    `/accounts/${session.accountId}/geofences?per_page=100`,
  );
  const hub = geofences.find((g) => g.name === 'Dallas Hub')!;
  const draw = await ask(page, 'Draw an area around Dallas');
  await expect(draw).toContainText('Here is the area of the geofence Dallas Hub');
  await draw.getByRole('button', { name: 'Draw the area around Dallas Hub' }).click();
  await expect(page.getByTestId('fleet-map')).toHaveAttribute('data-scout-polygons', '1');
  await expect(page.getByRole('region', { name: 'Area drawn by Scout' })).toContainText(
    'Around Dallas Hub',
  );
  // The polygon the answer carries holds the geofence's centre and stays near it. The admin's
  // newest dialogs are searched for it: another test may ask Scout as the admin meanwhile.
  const dialogs = await apiGet<{ id: number }[]>(
    page,
    session,
    `/v2/accounts/${session.accountId}/dialogs`,
  );
  let polygon: { coordinates: [number, number][][] } | undefined;
  for (const dialog of dialogs.slice(0, 5)) {
    const messages = await apiGet<
      { content: { type: string; name?: string; arguments?: Record<string, unknown> }[] }[]
    >(page, session, `/v2/dialogs/${dialog.id}/messages`);
    polygon = messages
      .flatMap((m) => m.content)
      .findLast((b) => b.type === 'tool_call' && b.name === 'ui_add_polygon')?.arguments
      ?.polygon as typeof polygon;
    if (polygon) break;
  }
  expect(polygon, 'the polygon of the answer, in one of the newest dialogs').toBeDefined();
  const ring = polygon!.coordinates[0]!;
  const lats = ring.map(([, lat]) => lat);
  const lngs = ring.map(([lng]) => lng);
  expect(Math.min(...lats)).toBeLessThan(hub.lat);
  expect(Math.max(...lats)).toBeGreaterThan(hub.lat);
  expect(Math.min(...lngs)).toBeLessThan(hub.lng);
  expect(Math.max(...lngs)).toBeGreaterThan(hub.lng);
  expect(Math.max(...lats) - Math.min(...lats)).toBeLessThan(0.5);
});
