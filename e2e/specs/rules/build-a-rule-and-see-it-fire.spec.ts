import type { Locator, Page } from '@playwright/test';
import { E2E_PORT } from '../../support/servers';
import { uniqueName } from '../../support/session';
import { expect, test } from '../../support/test';

// The demo simulator reports every 30 s per tracker: the rule fires on its next report.
test.describe.configure({ timeout: 180_000 });

/** Chooses an option of a searchable Mantine select by typing part of its label. */
async function choose(page: Page, field: Locator, option: string) {
  await field.click();
  await field.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens a Mantine select and clicks one of its options. */
async function pick(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const item = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

test('a power user builds a rule with two conditions and two actions and sees it fire', async ({
  page,
  signIn,
}) => {
  await signIn('user');
  const name = uniqueName('Truck 01 moving');

  await page.goto('/rules');
  await page.getByRole('button', { name: 'New Rule' }).click();
  await expect(page).toHaveURL(/\/rules\/create$/);
  await expect(page.getByRole('heading', { name: 'Create New Rule' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute(
    'placeholder',
    'Untitled rule',
  );
  await page
    .getByRole('checkbox', { name: 'Limit this rule to only trigger every N Hours' })
    .check();
  await page.getByRole('textbox', { name: 'Hours' }).fill('1');

  // If: the tracker, searched on the server, and its position reports.
  const first = item(page, 'Condition 1');
  await expect(first.getByRole('combobox', { name: 'Trackers' })).toBeHidden();
  await pick(page, first.getByRole('combobox', { name: 'Condition type' }), 'Tracker is one of');
  await choose(page, first.getByRole('combobox', { name: 'Trackers' }), 'Truck 01');
  // A multi-select stays open for more: Escape closes it, as for a user.
  await page.keyboard.press('Escape');
  await expect(first.getByRole('radiogroup')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Condition' }).click();
  const second = item(page, 'Condition 2');
  await expect(second.getByText('and', { exact: true })).toBeVisible();
  await pick(page, second.getByRole('combobox', { name: 'Condition type' }), 'Message content');
  await pick(
    page,
    second.getByRole('combobox', { name: 'Message content' }),
    'Position information',
  );

  // Then: an e-mail to two addresses, and a webhook whose receiver is not there.
  const mail = item(page, 'Action 1');
  await pick(page, mail.getByRole('combobox', { name: 'Action type' }), 'Send email');
  await mail
    .getByRole('textbox', { name: 'Email addresses' })
    .fill('ops@example.test, fleet@example.test');
  await mail.getByRole('textbox', { name: 'Subject' }).fill('{{name}} is moving');
  await mail
    .getByRole('textbox', { name: 'Body' })
    .fill('{{name}} at {{address}}, {{time}}: {{map}}');
  await page.getByRole('button', { name: 'Add Action' }).click();
  const hook = item(page, 'Action 2');
  await pick(page, hook.getByRole('combobox', { name: 'Action type' }), 'Send webhook');
  await hook
    .getByRole('textbox', { name: 'URL' })
    .fill(`http://localhost:${E2E_PORT}/no-hook-here`);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Rule "${name}" has been saved successfully`)).toBeVisible();
  await expect(page).toHaveURL(/\/rules$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Tracker is Truck 01 and Message is Position information');
  await expect(row).toContainText('E-mail ops@example.test, fleet@example.test and Post to');

  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: 'Edit Rule' })).toBeVisible();
  // It fires on the tracker's next report: a toast to its author, then its log.
  const toast = page.getByRole('alert').filter({ hasText: `Rule "${name}" fired` });
  await expect(toast).toBeVisible({ timeout: 150_000 });
  await expect(toast).toContainText(/Position of Truck 01/);
  const log = page.getByRole('region', { name: 'Firing log' });
  await expect(log.getByText('E-mailed ops@example.test, fleet@example.test')).toBeVisible({
    timeout: 30_000,
  });
  await expect(log.getByText(/Position of Truck 01/).first()).toBeVisible();
  await expect(log.getByText('Send webhook: Answered HTTP 404').first()).toBeVisible();

  // The 7-day test replays the rule as the form holds it: first as saved (one an hour at
  // most), then without the throttle, unsaved, which fires on more of the same reports.
  const testing = page.getByRole('region', { name: 'Test' });
  const fired = async () => {
    await testing.getByRole('button', { name: 'Test on the last 7 days' }).click();
    const result = testing.getByLabel('Test result');
    await expect(result).toContainText('nothing is sent');
    const count = /would have fired (\d+) times?/.exec(await result.innerText());
    return Number(count?.[1] ?? 0);
  };
  const throttled = await fired();
  expect(throttled).toBeGreaterThan(0);
  await page
    .getByRole('checkbox', { name: 'Limit this rule to only trigger every N Hours' })
    .uncheck();
  await expect(testing.getByLabel('Test result')).toHaveCount(0);
  expect(await fired()).toBeGreaterThan(throttled);

  // Delete asks first (the common confirmation): Cancel keeps the rule, Delete removes it.
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Rule' });
  await expect(confirm.getByText(`Delete the rule "${name}"?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(/\/rules\/\d+$/);
  await page.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Rule "${name}" has been deleted`)).toBeVisible();
  await expect(page).toHaveURL(/\/rules$/);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('a viewer reads the rules without New Rule or links to edit them', async ({
  page,
  signIn,
}) => {
  await signIn('viewer');
  await page.goto('/rules');
  await expect(page.getByRole('heading', { name: 'Rules' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Depot arrivals' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Rule' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Depot arrivals' })).toHaveCount(0);
  await page.goto('/rules/create');
  await expect(page).toHaveURL(/\/rules$/);
});

test('a rule the server refuses stays on the form with the reason under its field', async ({
  page,
  signIn,
}) => {
  await signIn('manager');
  await page.goto('/rules/create');
  await expect(page.getByRole('heading', { name: 'Create New Rule' })).toBeVisible();
  // No condition type chosen: no condition fields show.
  await expect(item(page, 'Condition 1').getByRole('textbox')).toHaveCount(0);
  await page
    .getByRole('checkbox', { name: 'Limit this rule to only trigger every N Hours' })
    .check();
  const hook = item(page, 'Action 1');
  await pick(page, hook.getByRole('combobox', { name: 'Action type' }), 'Send webhook');
  await hook.getByRole('textbox', { name: 'URL' }).fill('ftp://example.test/hook');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('must be an http or https address').first()).toBeVisible();
  await expect(
    page.getByText('Enter the number of hours to wait between two firings').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/rules\/create$/);
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
});
