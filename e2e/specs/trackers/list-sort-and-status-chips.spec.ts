import type { Page } from '@playwright/test';
import { mapStat } from '../../support/map';
import { apiGet, type Session } from '../../support/session';
import { expect, expectSignedIn, test } from '../../support/test';

interface ListedTracker {
  id: number;
  name: string;
  current_position: { battery: number | null } | null;
}

const list = (page: Page) => page.getByRole('list', { name: 'Trackers' });
/** The names of the first `n` rows on screen (the list is virtual: only those are drawn). */
const firstNames = async (page: Page, n: number) =>
  (
    await list(page)
      .getByRole('listitem')
      .evaluateAll((rows) => rows.map((r) => r.ariaLabel))
  )
    .slice(0, n)
    .join(' | ');

/**
 * The trackers the list shows, sorted by battery, lowest first, as a reader would do it from
 * the API: those without a reading last, ties by name.
 */
async function byBatteryFromApi(page: Page, session: Session, n: number, sign: 1 | -1) {
  const trackers = await apiGet<ListedTracker[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list?with_current_position=1`,
  );
  const known = trackers.filter((t) => t.current_position?.battery != null);
  const unknown = trackers.filter((t) => t.current_position?.battery == null);
  const battery = (t: ListedTracker) => t.current_position!.battery!;
  const byName = (a: ListedTracker, b: ListedTracker) => a.name.localeCompare(b.name);
  return [
    ...known.sort((a, b) => sign * (battery(a) - battery(b)) || byName(a, b)),
    ...unknown.sort(byName),
  ]
    .slice(0, n)
    .map((t) => t.name)
    .join(' | ');
}

/**
 * 'same' when the API, asked between two readings of the screen, answers what the screen
 * showed at one of them: the fleet moves while the call is on its way.
 */
async function sameMoment(screen: () => Promise<string | null>, api: () => Promise<string>) {
  const before = await screen();
  const answer = await api();
  const after = await screen();
  return answer === before || answer === after
    ? 'same'
    : `screen: ${before} then ${after}\napi:    ${answer}`;
}

test('sorting by battery gives the order the API says, and is kept over a reload', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  await expect(page.getByTestId('tracker-count')).toHaveText('60 trackers');

  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Battery' }).click();
  // The demo drains batteries as it drives: compare with the API at the same moment.
  const sameAsApi = (sign: 1 | -1) =>
    sameMoment(
      () => firstNames(page, 6),
      () => byBatteryFromApi(page, session, 6, sign),
    );
  await expect.poll(() => sameAsApi(1)).toBe('same');

  // The other way round, and the choice survives a reload like the filters do.
  await page.getByRole('button', { name: 'Sort descending' }).click();
  await expect(page.getByRole('button', { name: 'Sort ascending' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Battery');
  await expect(page.getByRole('button', { name: 'Sort ascending' })).toBeVisible();
  await expect.poll(() => sameAsApi(-1)).toBe('same');
});

test("the 'Moving' chip counts and shows the trackers the API says are moving", async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  await expect(page.getByTestId('tracker-count')).toHaveText('60 trackers');
  const chip = page.getByRole('checkbox', { name: /^Moving \d+$/ });
  const counts = () =>
    apiGet<Record<string, number>>(
      page,
      session,
      `/accounts/${session.accountId}/fleet-status-counts`,
    );

  // The simulator keeps trucks starting and stopping: the chip and the API at the same moment.
  // A chip is a checkbox drawn as its label: the label is what a user sees and clicks.
  const statusChips = page.getByRole('group', { name: 'Status' });
  const chipLabel = () => statusChips.getByText(/^Moving \d+$/).textContent();
  await expect
    .poll(() => sameMoment(chipLabel, async () => `Moving ${(await counts()).moving}`), {
      timeout: 60_000,
    })
    .toBe('same');
  for (const name of ['Stopped', 'Offline', 'Low battery', 'Alarm']) {
    await expect(statusChips.getByText(new RegExp(`^${name} \\d+$`))).toBeVisible();
  }

  await statusChips.getByText(/^Moving \d+$/).click();
  await expect(chip).toBeChecked();
  const moving = async () => {
    const page1 = await apiGet<{ name: string }[]>(
      page,
      session,
      `/accounts/${session.accountId}/devices?fleet_status=moving&per_page=500`,
    );
    return page1.map((t) => t.name);
  };
  const shownList = async () =>
    `${await page.getByTestId('tracker-count').textContent()}: ${await firstNames(page, 5)}`;
  const apiList = async () => {
    const names = await moving();
    const count = `${names.length} ${names.length === 1 ? 'tracker' : 'trackers'}`;
    return `${count}: ${names.slice(0, 5).join(' | ')}`;
  };
  await expect.poll(() => sameMoment(shownList, apiList), { timeout: 60_000 }).toBe('same');
  // Every row says it is moving, and the map shows only those trackers.
  await expect
    .poll(async () =>
      (await list(page).getByTestId('tracker-status').allTextContents()).filter(
        (status) => !/^Moving · [\d.]+ mph$/.test(status),
      ),
    )
    .toEqual([]);
  await expect
    .poll(async () => {
      const shown = Number((await page.getByTestId('tracker-count').textContent())?.split(' ')[0]);
      return (await mapStat(page, 'trackers')) === shown;
    })
    .toBe(true);

  // Chosen again, it lets go.
  await statusChips.getByText(/^Moving \d+$/).click();
  await expect(chip).not.toBeChecked();
  await expect(page.getByTestId('tracker-count')).toHaveText('60 trackers');
});

test("the demo has trackers under 'Low battery' and 'Alarm', as the API counts them", async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  await expect(page.getByTestId('tracker-count')).toHaveText('60 trackers');
  const statusChips = page.getByRole('group', { name: 'Status' });
  const counts = await apiGet<Record<string, number>>(
    page,
    session,
    `/accounts/${session.accountId}/fleet-status-counts`,
  );
  // Pickup 60's battery ran flat before it went silent; Van 14's driver pressed SOS today.
  for (const [chip, key, tracker] of [
    ['Low battery', 'low_battery', 'Pickup 60'],
    ['Alarm', 'alarm', 'Van 14'],
  ] as const) {
    expect(counts[key], chip).toBeGreaterThan(0);
    const label = statusChips.getByText(new RegExp(`^${chip} \\d+$`));
    await expect(label).toHaveText(`${chip} ${counts[key]}`);
    await label.click();
    await expect(page.getByRole('checkbox', { name: new RegExp(`^${chip} \\d+$`) })).toBeChecked();
    const shown = counts[key]!;
    await expect(page.getByTestId('tracker-count')).toHaveText(
      `${shown} ${shown === 1 ? 'tracker' : 'trackers'}`,
    );
    await expect(list(page).getByRole('listitem', { name: tracker })).toBeVisible();
    // Let go again before the next chip.
    await label.click();
    await expect(page.getByTestId('tracker-count')).toHaveText('60 trackers');
  }
});
