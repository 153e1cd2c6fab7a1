import { apiGet } from '../../support/session';
import { fleetMap, mapStat } from '../../support/map';
import { expect, test } from '../../support/test';

const METRES_PER_MILE = 1609.344;

test('tracker details show the odometer, and follow mode keeps a moving tracker in view', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const trackers = await apiGet<{ id: number; name: string; serial: string }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  const reefer = trackers.find((t) => t.name === 'Reefer 16')!;
  const positions = await apiGet<
    { device_id: number; lat: number; lng: number; odometer: number | null; timestamp: string }[]
  >(page, session, `/accounts/${session.accountId}/current-positions?raw=1`);
  const here = positions.find((p) => p.device_id === reefer.id)!;
  expect(here.odometer).not.toBeNull();

  await page.goto(`/trackers/${reefer.id}`);
  await expect(page.getByRole('heading', { name: 'Reefer 16' })).toBeVisible();
  // The Info panel's odometer, in miles to about three significant digits.
  const odometer = page.getByText('Odometer').locator('xpath=following-sibling::*[1]');
  const shown = Number((await odometer.textContent())!.replace(/[^\d.]/g, ''));
  const miles = here.odometer! / METRES_PER_MILE;
  expect(Math.abs(shown - miles)).toBeLessThanOrEqual(Math.max(0.01 * miles, 0.05));

  // Close in on the tracker to street zoom, so a move of two kilometres takes it off the map
  // (at zoom 15 that is over 500 px; the map is at most 400 px high here). How far out the map
  // starts depends on how far the reefer drove today, so zoom until there, not a fixed count.
  await expect(fleetMap(page)).toHaveAttribute('data-ready', 'true');
  await expect.poll(() => mapStat(page, 'selected-x')).not.toBeNaN();
  await expect.poll(() => mapStat(page, 'zoom')).not.toBeNaN();
  const mapBox = (await fleetMap(page).boundingBox())!;
  for (let i = 0; i < 12 && (await mapStat(page, 'zoom')) < 15; i += 1) {
    const zoom = await mapStat(page, 'zoom');
    await page.mouse.dblclick(
      mapBox.x + (await mapStat(page, 'selected-x')),
      mapBox.y + (await mapStat(page, 'selected-y')),
    );
    await expect.poll(() => mapStat(page, 'zoom')).toBeGreaterThan(zoom);
  }
  await page.getByRole('switch', { name: 'Follow' }).check();

  const { api_token } = await apiGet<{ api_token: string }>(
    page,
    session,
    `/accounts/${session.accountId}/api-token`,
  );
  // 2.2 km north two minutes after the newest fix or the clock, whichever is later (67 km/h, a
  // move the filter believes; a retry starts from the fix the first try sent ahead), so the
  // demo simulator's next report is history arriving late and this one stays the newest.
  const after = Math.max(Date.now(), Date.parse(here.timestamp));
  const there = { lat: Number((here.lat + 0.02).toFixed(5)), lng: here.lng };
  const ingest = await page.request.post('/api/ingest/positions', {
    headers: { Authorization: `Bearer ${api_token}` },
    data: {
      positions: [
        {
          serial: reefer.serial,
          timestamp: new Date(after + 120_000).toISOString(),
          lat: there.lat,
          lng: there.lng,
          fix: 'gps',
        },
      ],
    },
  });
  expect(ingest.ok()).toBe(true);
  await expect
    .poll(() => page.getByTestId('tracker-popup').textContent())
    .toContain(`${there.lat.toFixed(5)}`);
  await expect.poll(() => mapStat(page, 'follows')).toBeGreaterThanOrEqual(1);
  // At rest, the tracker's marker is on the map again.
  await expect
    .poll(async () => {
      const x = await mapStat(page, 'selected-x');
      const y = await mapStat(page, 'selected-y');
      return x > 0 && x < mapBox.width && y > 0 && y < mapBox.height;
    })
    .toBe(true);
});
