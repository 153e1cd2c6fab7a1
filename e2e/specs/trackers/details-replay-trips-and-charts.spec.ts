import { apiGet } from '../../support/session';
import { expectOnTrail, replayMarker, type TrailFix } from '../../support/replay';
import { expect, test } from '../../support/test';

const DAY_MS = 86_400_000;

interface Trip {
  start: { time: string };
  end: { time: string };
}

test("replaying a demo truck's trip of yesterday moves the marker along it, and hovering the speed chart moves the marker", async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  // Yesterday on the UTC clocks of tracker details, linked the way the fleet reports link it.
  const todayUtc = new Date(new Date().toISOString().slice(0, 10)).getTime();
  const from = todayUtc - DAY_MS;
  const to = todayUtc - 1;
  const day = new Date(from).toISOString().slice(0, 10);
  const trackers = await apiGet<{ id: number; name: string }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  // A truck that drove yesterday: its trips that lie within the day, oldest first.
  let truck: { id: number; name: string; trips: Trip[] } | null = null;
  for (const t of trackers.filter((t) => t.name.startsWith('Truck')).slice(0, 20)) {
    const trips = await apiGet<Trip[]>(
      page,
      session,
      `/accounts/${session.accountId}/trips?device_ids=${t.id}&date_from=${day}&date_to=${day}`,
    );
    const inside = trips
      .filter((trip) => Date.parse(trip.start.time) >= from && Date.parse(trip.end.time) <= to)
      .sort((a, b) => Date.parse(a.start.time) - Date.parse(b.start.time));
    if (inside.length > 0) {
      truck = { ...t, trips: inside };
      break;
    }
  }
  expect(truck, 'a demo truck with a trip yesterday').not.toBeNull();
  const { id, name, trips } = truck!;
  const fixes = await apiGet<TrailFix[]>(
    page,
    session,
    `/accounts/${session.accountId}/devices/${id}/positions?date_from=${new Date(from).toISOString()}&date_to=${new Date(to).toISOString()}`,
  );

  await page.goto(
    `/trackers/${id}?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`,
  );
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const list = page.getByRole('navigation', { name: 'Trips' });
  // The list holds the range's trips (those crossing midnight too): find ours by its place.
  const listed = await apiGet<Trip[]>(
    page,
    session,
    `/accounts/${session.accountId}/trips?device_ids=${id}&date_from=${new Date(from - DAY_MS).toISOString().slice(0, 10)}&date_to=${new Date(to + DAY_MS).toISOString().slice(0, 10)}&per_page=500`,
  );
  const shown = listed
    .filter((trip) => Date.parse(trip.end.time) >= from && Date.parse(trip.start.time) <= to)
    .sort((a, b) => Date.parse(a.start.time) - Date.parse(b.start.time));
  await expect(list.getByRole('button')).toHaveCount(shown.length);
  // The trip whose replay at 64× lasts about 15 s: a two-minute hop ends before a loaded
  // machine's browser draws a second frame, a long haul outlasts the wait.
  const duration = (t: Trip) => Date.parse(t.end.time) - Date.parse(t.start.time);
  const wantedMs = 15_000 * 64;
  const trip = [...trips].sort(
    (a, b) => Math.abs(duration(a) - wantedMs) - Math.abs(duration(b) - wantedMs),
  )[0]!;
  const index = shown.findIndex((t) => t.start.time === trip.start.time);
  expect(index).toBeGreaterThanOrEqual(0);

  await page.getByRole('combobox', { name: 'Replay speed' }).click();
  await page.getByRole('option', { name: '64×' }).click();
  await list.getByRole('button').nth(index).click();

  // Played to its end, the replay stops there; every moment seen on the way is on the trail.
  const start = Date.parse(trip.start.time);
  const end = Date.parse(trip.end.time);
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const at = await replayMarker(page);
        expect(at.time).toBeGreaterThanOrEqual(start);
        expect(at.time).toBeLessThanOrEqual(end);
        expectOnTrail(fixes, at);
        seen.add(`${at.lng},${at.lat}`);
        return at.time;
      },
      { intervals: [50], timeout: 60_000 },
    )
    .toBe(end);
  expect(seen.size).toBeGreaterThan(1);
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();

  // Hovering the speed chart puts the replay at the moment under the pointer.
  const chart = page.getByTestId('chart-speed');
  await expect(chart).toHaveAttribute('data-points', String(fixes.length));
  const xMin = Number(await chart.getAttribute('data-x-min'));
  const xMax = Number(await chart.getAttribute('data-x-max'));
  const plot = chart.locator('.u-over');
  const box = (await plot.boundingBox())!;
  const msPerPx = (xMax - xMin) / box.width;
  for (const share of [0.3, 0.7]) {
    await plot.hover({ position: { x: box.width * share, y: box.height / 2 } });
    const wanted = xMin + (xMax - xMin) * share;
    await expect
      .poll(async () => Math.abs((await replayMarker(page)).time - wanted))
      .toBeLessThanOrEqual(2 * msPerPx);
    expectOnTrail(fixes, await replayMarker(page));
  }
});
