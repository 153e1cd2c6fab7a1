import { openAccountMenu } from '../../support/login';
import { expect, expectSignedIn, test } from '../../support/test';

test('a manager sees the groups but no control to change them', async ({ page, signIn }) => {
  await signIn('manager');
  await page.goto('/groups');
  await page
    .getByRole('list', { name: 'Groups' })
    .getByRole('listitem', { name: 'Cold Chain' })
    .getByRole('link', { name: 'Cold Chain' })
    .click();
  // Only admins may manage Groups (spec 000 §6): the others get the group without its controls.
  await expect(
    page.getByRole('list', { name: 'Group trackers' }).getByRole('listitem', { name: 'Reefer 04' }),
  ).toBeVisible();
  for (const name of ['Add Trackers', 'Edit Group', 'Group actions', 'Actions for Reefer 04']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Cold Chain' }).click();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByRole('button', { name: 'New Tracker Group' })).toHaveCount(0);
});

test('the trackers list Groups tab lists the groups and opens one', async ({ page, signIn }) => {
  await signIn('manager');
  await page.goto('/trackers');
  await page.getByRole('tab', { name: 'Groups' }).click();
  await page
    .getByRole('list', { name: 'Groups' })
    .getByRole('link', { name: 'Long Haul Trucks' })
    .click();
  await expect(page).toHaveURL(/\/groups\/\d+$/);
  await expect(page.getByRole('button', { name: 'Long Haul Trucks' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Group trackers' }).getByRole('listitem', { name: 'Truck 01' }),
  ).toBeVisible();
});

test('a consumer account is sent to the trackers list', async ({ page, signIn }) => {
  // The admin's consumer account, not Casey's login: the account settings test changes
  // Casey's password while it runs in parallel.
  await signIn('admin');
  // The account menu is the same on every screen: the account page has no map to wait for.
  await page.goto('/account');
  await expectSignedIn(page, 'admin');
  await openAccountMenu(page, 'Alex Admin');
  await page.getByRole('menuitem', { name: 'Switch Accounts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switching Account' });
  await dialog.getByText('Demo Home').click();
  await dialog.getByRole('button', { name: 'Switch Account' }).click();
  await expect(page.locator('body')).toHaveClass(/brand-consumer/);
  await page.goto('/groups');
  await expect(page).toHaveURL(/\/trackers$/);
});

test('a tracker opened from the group list goes back to All Groups', async ({ page, signIn }) => {
  await signIn('manager');
  await page.goto('/groups');
  const row = page
    .getByRole('list', { name: 'Groups' })
    .getByRole('listitem', { name: 'Cold Chain' });
  await row.getByRole('button', { name: 'Show trackers of Cold Chain' }).click();
  await row.getByRole('link', { name: 'Reefer 04' }).click();
  await expect(page).toHaveURL(/\/trackers\/\d+$/);
  await page.getByRole('link', { name: 'All Groups' }).click();
  await expect(page).toHaveURL(/\/groups$/);
});
