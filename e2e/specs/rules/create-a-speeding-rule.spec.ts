import type { Page } from '@playwright/test';
import { uniqueName } from '../../support/session';
import { expect, test } from '../../support/test';

const item = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/**
 * Issue 36 §4: a fleet manager builds a speeding rule (above N mph for at least M seconds) in
 * the rule builder, is told in place what a missing speed needs, and finds the rule listed
 * with its description.
 */
test('a speeding rule is built in the builder and listed with its description', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/rules/create');
  await expect(page.getByRole('heading', { name: 'Create New Rule' })).toBeVisible();

  const name = uniqueName('Speeding on the highway');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  // Saved switched off, then deleted: the demo fleet drives, and toasts of its firings would
  // cover other tests' screens.
  await page.getByRole('switch', { name: 'Enabled' }).uncheck();

  const condition = item(page, 'Condition 1');
  await condition.getByRole('combobox', { name: 'Condition type' }).click();
  await page.getByRole('option', { name: 'Speeding', exact: true }).click();
  await expect(condition.getByRole('combobox', { name: 'Unit' })).toHaveValue('mph');
  await condition.getByRole('textbox', { name: 'For at least (seconds)' }).fill('30');

  const action = item(page, 'Action 1');
  await action.getByRole('combobox', { name: 'Action type' }).click();
  await page.getByRole('option', { name: 'Send webhook', exact: true }).click();
  await action.getByRole('textbox', { name: 'URL' }).fill('https://hooks.example.test/speed');

  // No speed yet: the field says what it needs, and nothing is saved.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(condition.getByText('Enter a speed from 1 to 500')).toBeVisible();
  await expect(page).toHaveURL(/\/rules\/create$/);

  await condition.getByRole('textbox', { name: 'Speed above' }).fill('70');
  await expect(condition.getByText('Enter a speed from 1 to 500')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Rule "${name}" has been saved successfully`)).toBeVisible();
  await expect(page).toHaveURL(/\/rules$/);

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Speed above 70 mph for at least 30 seconds');
  await expect(row).toContainText('Post to https://hooks.example.test/speed');

  await row.getByText(name).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Rule' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText(`Rule "${name}" has been deleted`)).toBeVisible();
});
