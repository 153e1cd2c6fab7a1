import { apiGet } from '../../support/session';
import { fleetMap, mapStat, waitForFrames } from '../../support/map';
import { expect, expectSignedIn, test } from '../../support/test';

const DAY_MS = 86_400_000;

test('the consumer sees their trackers on the trackers map at first view', async ({
  page,
  signIn,
}) => {
  await signIn('consumer');
  await page.goto('/trackers');
  await expectSignedIn(page, 'consumer');
  await expect(page.getByText('3 trackers')).toBeVisible();
  await expect(fleetMap(page)).toHaveAttribute('data-ready', 'true');
  // The first view is decided once the trackers are known: the spec's initial view if it shows
  // one of them, else framed to them. Either way the map is not empty.
  await waitForFrames(page, 1);
  await expect.poll(() => mapStat(page, 'trackers')).toBeGreaterThan(0);
  await expect.poll(() => mapStat(page, 'markers')).toBeGreaterThan(0);
});

test("'Yesterday' on a tracker that crossed states draws its trail as a path at the zoom chosen for it", async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  // The picker's Yesterday, on the UTC clocks tracker details use.
  const todayUtc = new Date(new Date().toISOString().slice(0, 10)).getTime();
  const from = new Date(todayUtc - DAY_MS).toISOString();
  const to = new Date(todayUtc - 1).toISOString();
  // The demo fleet drives between cities: take the tracker that went furthest yesterday.
  const trackers = await apiGet<{ id: number; name: string }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  let widest = { id: 0, name: '', span: 0 };
  for (const t of trackers.slice(0, 24)) {
    const positions = await apiGet<{ lat: number; lng: number }[]>(
      page,
      session,
      `/accounts/${session.accountId}/devices/${t.id}/positions?date_from=${from}&date_to=${to}`,
    );
    if (positions.length === 0) continue;
    const lngs = positions.map((p) => p.lng);
    const span = Math.max(...lngs) - Math.min(...lngs);
    if (span > widest.span) widest = { id: t.id, name: t.name, span };
  }
  // Several degrees of longitude: framed, the range shows below zoom 6 on this screen.
  expect(widest.span).toBeGreaterThan(5);

  await page.goto(`/trackers/${widest.id}`);
  await expect(page.getByRole('heading', { name: widest.name })).toBeVisible();
  await waitForFrames(page, 1);
  const before = await mapStat(page, 'frames');

  await page.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('button', { name: 'Yesterday' }).click();
  await page.getByRole('button', { name: 'Select' }).click();

  // The loaded range is framed once: all of it on screen, with room around it.
  await waitForFrames(page, before + 1);
  await expect(fleetMap(page)).toHaveAttribute('data-frame-inside', '1');
  await expect.poll(() => mapStat(page, 'frame-share')).toBeGreaterThanOrEqual(40);
  expect(await mapStat(page, 'frame-share')).toBeLessThanOrEqual(75);
  // At that zoom, below the speed-coloured points' zoom 6, MapLibre still draws the line.
  await expect.poll(() => mapStat(page, 'zoom')).toBeLessThan(6);
  await expect.poll(() => mapStat(page, 'trail-lines')).toBeGreaterThan(0);
  expect(await mapStat(page, 'trail-points')).toBe(0);
});
