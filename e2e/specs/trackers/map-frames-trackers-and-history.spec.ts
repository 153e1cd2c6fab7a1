import { apiGet } from '../../support/session';
import { fleetMap, mapStat, waitForFrames } from '../../support/map';
import { expect, test } from '../../support/test';

const DAY_MS = 86_400_000;

test('the consumer sees their trackers on the trackers map at first view', async ({
  page,
  signIn,
}) => {
  // Alex Admin in Demo Home, the consumer account: Casey's login is not used, as the account
  // settings test renames Casey and changes the password while this one runs.
  await signIn('admin', { account: 'Demo Home' });
  await page.goto('/trackers');
  await expect(page.getByText('3 trackers')).toBeVisible();
  await expect(fleetMap(page)).toHaveAttribute('data-ready', 'true');
  // The first view is decided once the trackers are known: the spec's initial view if it shows
  // one of them, else framed to them. Either way the map is not empty.
  await waitForFrames(page, 1);
  await expect.poll(() => mapStat(page, 'trackers')).toBeGreaterThan(0);
  await expect.poll(() => mapStat(page, 'markers')).toBeGreaterThan(0);
});

test("the fleet map's first view shows every tracker the list shows", async ({ page, signIn }) => {
  const session = await signIn('admin');
  const trackers = await apiGet<{ current_position: { lat: number; lng: number } | null }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list?with_current_position=1`,
  );
  const placed = trackers.filter((t) => t.current_position !== null).length;
  expect(placed).toBeGreaterThan(20);

  await page.goto('/trackers');
  await expect(fleetMap(page)).toHaveAttribute('data-ready', 'true');
  // Issue 35.28: framed to all of them, not the spec's initial view that showed 4 of 60.
  await waitForFrames(page, 1);
  await expect(fleetMap(page)).toHaveAttribute('data-frame-inside', '1');
  await expect.poll(() => mapStat(page, 'trackers')).toBe(placed);
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
