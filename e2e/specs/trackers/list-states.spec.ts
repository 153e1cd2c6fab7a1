import type { Page } from '@playwright/test';
import { expect, expectSignedIn, test } from '../../support/test';

const trackerList = (page: Page) => page.getByRole('list', { name: 'Trackers' });

test('an account whose trackers have not arrived says the list is empty', async ({
  page,
  signIn,
}) => {
  await signIn('newcomer');
  await page.goto('/trackers');
  await expectSignedIn(page, 'newcomer');
  await expect(page.getByText('There are no trackers')).toBeVisible();
  await expect(page.getByText('Your trackers list is empty')).toBeVisible();
  await expect(trackerList(page)).toHaveCount(0);
});

test('a tracker that never reported is Not Connected; the others tell when they last were', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  const search = page.getByPlaceholder('Search Trackers...');
  // Van 56 is still being provisioned: it has never reported a position.
  await search.fill('Van 56');
  const van = trackerList(page).getByRole('listitem', { name: 'Van 56' });
  await expect(van.getByText('Not Connected')).toBeVisible();
  // Pending, it reads 'Provisioned' as its details do, not 'No Data' (issue 35.21).
  await expect(van.getByText('Provisioned', { exact: true })).toBeVisible();
  await expect(van.getByText('No Data')).toHaveCount(0);

  await search.fill('Truck 07');
  const truck = trackerList(page).getByRole('listitem', { name: 'Truck 07' });
  await expect(truck.getByText('Not Connected')).toHaveCount(0);
  await expect(
    truck.getByTitle(/^Last connected at \d\d\/\d\d\/\d{4} @ \d{1,2}:\d\d [AP]M$/),
  ).toBeVisible();
});

test('select all checks every listed tracker; one unchecked leaves the rest', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  await page.getByPlaceholder('Search Trackers...').fill('Truck');
  const count = page.getByTestId('tracker-count');
  await expect(count).toHaveText('10 trackers');

  await page.getByLabel('Select all').check();
  await expect(page.getByLabel('10 selected')).toBeChecked();
  const boxes = trackerList(page).getByRole('checkbox', { name: /^Select Truck/ });
  await expect(boxes).toHaveCount(10);
  for (const box of await boxes.all()) await expect(box).toBeChecked();

  await trackerList(page).getByRole('checkbox', { name: 'Select Truck 07' }).uncheck();
  const some = page.getByLabel('9 selected');
  await expect(some).not.toBeChecked();
  await expect(some).toHaveAttribute('data-indeterminate', 'true');
  await some.check();
  await expect(page.getByLabel('10 selected')).toBeChecked();
  await page.getByLabel('10 selected').uncheck();
  await expect(page.getByLabel('Select all')).not.toBeChecked();
});

test('battery badges are red below 20, yellow below 40, green above', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  await page.getByRole('combobox', { name: 'Page size' }).click();
  await page.getByRole('option', { name: '100', exact: true }).click();
  const badges = trackerList(page).getByLabel(/^Battery \d+%$/);
  await expect(badges.first()).toBeVisible();
  const seen = await badges.evaluateAll((nodes) =>
    nodes.map((node) => ({
      percent: Number(/\d+/.exec(node.getAttribute('aria-label') ?? '')![0]),
      level: node.getAttribute('data-level'),
      colour: getComputedStyle(node).color,
    })),
  );
  expect(seen.length).toBeGreaterThan(10);
  const colourOf = new Map<string, string>();
  for (const badge of seen) {
    const expected =
      badge.percent === 0
        ? 'empty'
        : badge.percent < 20
          ? 'red'
          : badge.percent < 40
            ? 'yellow'
            : 'green';
    expect(badge.level, `battery ${badge.percent}%`).toBe(expected);
    // One colour per level, and a different one for each level.
    const known = colourOf.get(expected);
    if (known) expect(badge.colour).toBe(known);
    else {
      expect([...colourOf.values()]).not.toContain(badge.colour);
      colourOf.set(expected, badge.colour);
    }
  }
});

test('auto-refresh asks for the list every 30 seconds and is remembered', async ({
  page,
  signIn,
}) => {
  await page.clock.install();
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  await expect(page.getByTestId('tracker-count')).toHaveText('60 trackers');
  const toggle = page.getByRole('switch', { name: 'Auto-refresh' });
  await expect(toggle).not.toBeChecked();

  // Off: half a minute passes without asking again.
  let asked = 0;
  page.on('request', (request) => {
    if (request.url().includes('/device-list')) asked++;
  });
  await page.clock.runFor(31_000);
  expect(asked).toBe(0);

  await toggle.check();
  const refreshed = page.waitForRequest((request) => request.url().includes('/device-list'));
  await page.clock.runFor(31_000);
  await refreshed;

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Auto-refresh' })).toBeChecked();
});

test('Controls pick the range of the downloads, at most 90 days', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  const picker = page.getByRole('button', { name: 'Date range' });
  await expect(picker).toHaveCount(0);
  await page.getByRole('switch', { name: 'Controls' }).check();
  await expect(picker).toBeVisible();

  // A start four months back: more than the downloads may cover.
  await picker.click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  for (let month = 0; month < 4; month++) {
    await page.getByRole('button', { name: 'Previous month' }).click();
  }
  await page.locator('table button:not([data-outside]):not([disabled])').first().click();
  await page.getByRole('button', { name: 'Apply date' }).click();
  await page.getByRole('button', { name: 'Select', exact: true }).click();

  await page.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByText('Downloads cover at most 90 days')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Download positions CSV' })).toBeDisabled();
  await expect(page.getByRole('menuitem', { name: 'Email positions CSV' })).toBeDisabled();
  await page.keyboard.press('Escape');

  // Last month is within the limit again.
  await picker.click();
  await page.getByRole('button', { name: 'Last month' }).click();
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByText('Downloads cover at most 90 days')).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Email positions CSV' })).toBeEnabled();

  // Remembered across visits, like auto-refresh.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Controls' })).toBeChecked();
});
