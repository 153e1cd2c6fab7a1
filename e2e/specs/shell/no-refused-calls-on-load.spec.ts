import type { Page } from '@playwright/test';
import { apiGet } from '../../support/session';
import { expect, test } from '../../support/test';

/** Every /api answer of the page that refused (403) or found nothing (404). */
function refusedCalls(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/') && [403, 404].includes(response.status())) {
      refused.push(`${response.status()} ${response.request().method()} ${pathname}`);
    }
  });
  return refused;
}

/**
 * Issue 35.18: the app asks only for what the account may use, so a consumer account (no
 * groups) and an account without geofences or trackers load without a refused call, and a
 * tracker's popup without a geofence nearby is not a 404.
 */
test('a consumer account loads the trackers and a popup without a refused call', async ({
  page,
  signIn,
}) => {
  // Alex Admin in Demo Home, the consumer account: Casey's login is not used, as the account
  // settings test renames Casey and changes the password while this one runs.
  const session = await signIn('admin', { account: 'Demo Home' });
  const refused = refusedCalls(page);
  const [tracker] = await apiGet<{ id: number; name: string }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );

  await page.goto('/trackers');
  await expect(page.getByRole('button', { name: 'Alex Admin' })).toBeVisible();
  await expect(page.getByText(tracker!.name).first()).toBeVisible();

  const nearest = page.waitForResponse((r) => r.url().includes('/geofence/nearest'));
  await page.goto(`/trackers/${tracker!.id}`);
  await expect(page.getByTestId('tracker-popup').getByText(tracker!.name)).toBeVisible();
  expect((await nearest).status()).toBe(200);
  // Groups are for business accounts: the address sends a consumer home without asking.
  await page.goto('/groups');
  await expect(page).toHaveURL(/\/trackers$/);
  await expect(page.getByText(tracker!.name).first()).toBeVisible();
  expect(refused).toEqual([]);
});

test('an account without trackers loads without a refused call', async ({ page, signIn }) => {
  await signIn('newcomer');
  const refused = refusedCalls(page);

  await page.goto('/trackers');
  await expect(page.getByRole('button', { name: 'Noa Newcomer' })).toBeVisible();
  await page.goto('/geofences');
  await expect(page.getByRole('textbox', { name: 'Search Geofences' })).toBeVisible();
  await page.goto('/trackers');
  await expect(page.getByRole('button', { name: 'Noa Newcomer' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
});
