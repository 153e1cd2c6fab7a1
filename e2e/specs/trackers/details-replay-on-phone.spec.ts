import type { Locator } from '@playwright/test';
import { layoutFaults, screenLoaded } from '../../support/overflow';
import { replayMarker } from '../../support/replay';
import { apiGet } from '../../support/session';
import { expect, test } from '../../support/test';

const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE });

const DAY_MS = 86_400_000;

interface Trip {
  start: { time: string };
  end: { time: string };
}

/** Wholly on the screen's width and big enough to tap (WCAG 2.2's 24 px target). */
async function expectTappable(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  const box = (await control.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
}

test('on a phone the replay controls, scrubber and trips fit the screen and work', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const todayUtc = new Date(new Date().toISOString().slice(0, 10)).getTime();
  const from = new Date(todayUtc - DAY_MS).toISOString();
  const to = new Date(todayUtc - 1).toISOString();
  const day = from.slice(0, 10);
  const trackers = await apiGet<{ id: number; name: string }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  // A demo truck that drove yesterday.
  let truck: { id: number; name: string } | undefined;
  for (const t of trackers.filter((t) => t.name.startsWith('Truck')).slice(0, 20)) {
    const trips = await apiGet<Trip[]>(
      page,
      session,
      `/accounts/${session.accountId}/trips?device_ids=${t.id}&date_from=${day}&date_to=${day}`,
    );
    if (trips.length > 1) {
      truck = t;
      break;
    }
  }
  expect(truck, 'a demo truck with trips yesterday').toBeDefined();

  await page.goto(`/trackers/${truck!.id}?from=${from}&to=${to}`);
  await expect(page.getByRole('heading', { name: truck!.name })).toBeVisible();
  const controls = page.getByTestId('replay-controls');
  await controls.scrollIntoViewIfNeeded();
  await screenLoaded(page);
  expect(await layoutFaults(page)).toEqual([]);

  const play = page.getByRole('button', { name: 'Play' });
  const speed = page.getByRole('combobox', { name: 'Replay speed' });
  const scrubber = page.getByRole('slider', { name: 'Replay time' });
  for (const control of [play, speed, scrubber]) await expectTappable(control);
  // The scrubber's track (its thumb is the slider) spans the screen, on a row of its own: a
  // finger can place the replay within minutes of a day.
  const track = controls.locator('.mantine-Slider-root');
  const box = (await track.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(PHONE.width * 0.8);

  // The readout under it is whole: the moment's time is not cut.
  const readout = page.getByTestId('replay-readout');
  await expect(readout).toContainText(/\d{1,2}:\d{2}:\d{2} [AP]M/);
  // (The address may end in an ellipsis; the time and the speed may not.)
  const cut = await readout.evaluate((box) =>
    Array.from(box.children).some(
      (child, i) =>
        child.getBoundingClientRect().right > window.innerWidth ||
        (i < 2 && child.scrollWidth > child.clientWidth + 1),
    ),
  );
  expect(cut).toBe(false);

  // A tap in the middle of the scrubber puts the replay at midday.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const middle = (Date.parse(from) + Date.parse(to)) / 2;
  await expect
    .poll(async () => Math.abs((await replayMarker(page)).time - middle))
    .toBeLessThan(2 * 3_600_000);

  // Play at 64×, then pause: the replay moves on and stops where it was.
  await speed.click();
  await page.getByRole('option', { name: '64×' }).click();
  const before = (await replayMarker(page)).time;
  await play.click();
  await expect.poll(async () => (await replayMarker(page)).time).toBeGreaterThan(before);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(play).toBeVisible();

  // The trips list: every trip fits, and a tap replays it.
  const trips = page.getByRole('navigation', { name: 'Trips' }).getByRole('button');
  await expect(trips.first()).toBeVisible();
  const count = await trips.count();
  expect(count).toBeGreaterThan(1);
  const last = trips.nth(count - 1);
  await expectTappable(last);
  expect(await layoutFaults(page)).toEqual([]);
  await last.click();
  await expect(last).toHaveAttribute('aria-current', 'true');
  await expect(play.or(page.getByRole('button', { name: 'Pause' }))).toBeVisible();
});
