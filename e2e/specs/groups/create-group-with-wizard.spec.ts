import { uniqueName } from '../../support/session';
import { expect, test } from '../../support/test';

test('an admin creates a group through the three-step wizard and finds it in the list', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/groups');
  const groups = page.getByRole('list', { name: 'Groups' });
  // The demo seed's groups are listed.
  await expect(groups.getByRole('listitem', { name: 'Long Haul Trucks' })).toBeVisible();
  await expect(page.getByTestId('fleet-map')).toHaveAttribute('data-ready', 'true');

  await page.getByRole('button', { name: 'New Tracker Group' }).click();
  const wizard = page.getByRole('dialog');
  await expect(wizard.getByText('New Tracker Group')).toBeVisible();

  // Step 1: a name is needed to continue.
  await expect(wizard.getByTestId('wizard-step')).toHaveText('1/3');
  const proceed = wizard.getByRole('button', { name: 'Continue' });
  await expect(proceed).toBeDisabled();
  const name = uniqueName('Wizard Trucks');
  await wizard.getByLabel('Group Name').fill(name);
  await wizard.getByRole('button', { name: 'Close' }).hover();
  await expect(page.getByText('Discard all changes?')).toBeVisible();
  await proceed.click();

  // Step 2: pick trackers from pages of 10.
  await expect(wizard.getByTestId('wizard-step')).toHaveText('2/3');
  await expect(wizard.getByRole('button', { name: 'Skip Adding' })).toBeVisible();
  await expect(wizard.getByTestId('wizard-pager')).toHaveText(/^1 to 10 \/ \d+ result\(s\)$/);
  await wizard.getByRole('button', { name: 'Next page' }).click();
  await expect(wizard.getByTestId('wizard-pager')).toHaveText(/^11 to 20 \/ \d+ result\(s\)$/);
  await wizard.getByLabel('Search Trackers to choose').fill('no such tracker');
  await expect(wizard.getByTestId('wizard-pager')).toHaveText('No results');
  await wizard.getByLabel('Search Trackers to choose').fill('Truck');
  await expect(wizard.getByTestId('wizard-pager')).toHaveText('1 to 10 / 10 result(s)');
  await wizard.getByRole('checkbox', { name: 'Select Truck 01' }).check();
  await wizard.getByRole('checkbox', { name: 'Select Truck 07' }).check();
  await wizard.getByRole('checkbox', { name: 'Select Truck 13' }).check();
  await wizard.getByRole('button', { name: 'Add & Verify' }).click();

  // Step 3: review, take one out with the trash icon, save.
  await expect(wizard.getByTestId('wizard-step')).toHaveText('3/3');
  await expect(wizard.getByTestId('wizard-pager')).toHaveText('1 to 3 / 3 result(s)');
  await wizard.getByRole('button', { name: 'Remove Truck 13' }).click();
  await expect(wizard.getByTestId('wizard-pager')).toHaveText('1 to 2 / 2 result(s)');
  await wizard.getByRole('button', { name: 'Save Group' }).click();

  await expect(page.getByText(`${name} has been created`)).toBeVisible();
  await expect(wizard).toBeHidden();
  const row = groups.getByRole('listitem', { name });
  await expect(row).toBeVisible();
  await expect(row.getByText('2 trackers')).toBeVisible();

  // The group opens with its trackers and a back button named after it.
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/groups\/\d+$/);
  await expect(page.getByRole('button', { name })).toBeVisible();
  const members = page.getByRole('list', { name: 'Group trackers' });
  await expect(members.getByRole('listitem')).toHaveCount(2);
  await expect(members.getByRole('listitem', { name: 'Truck 01' })).toBeVisible();
});

test('an empty wizard saves a blank group', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/groups');
  await page.getByRole('button', { name: 'New Tracker Group' }).click();
  const wizard = page.getByRole('dialog');
  const name = uniqueName('Blank');
  await wizard.getByLabel('Group Name').fill(name);
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await wizard.getByRole('button', { name: 'Skip Adding' }).click();
  await expect(wizard.getByTestId('wizard-pager')).toHaveText('No results');
  await wizard.getByRole('button', { name: 'Save Blank' }).click();
  await expect(page.getByText(`${name} has been created`)).toBeVisible();
  const row = page.getByRole('list', { name: 'Groups' }).getByRole('listitem', { name });
  await expect(row.getByText('0 trackers')).toBeVisible();
});
