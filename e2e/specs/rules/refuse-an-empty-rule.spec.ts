import type { Page } from '@playwright/test';
import { uniqueName } from '../../support/session';
import { expect, test } from '../../support/test';

const item = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/**
 * Issue 35.8: Save on a fresh 'Create New Rule' form stored an enabled 'Untitled rule' that
 * could never do anything. Now the form says what is missing, in place, and stores nothing
 * until the rule has a condition and an action.
 */
test('a rule without a condition or an action is refused in place, then saved once complete', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/rules/create');
  await expect(page.getByRole('heading', { name: 'Create New Rule' })).toBeVisible();

  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/rules-engine\?/.test(r.url())) posts.push(r.url());
  });
  await page.getByRole('button', { name: 'Save' }).click();
  const ifSection = page.getByRole('region', { name: 'If' });
  const thenSection = page.getByRole('region', { name: 'Then' });
  await expect(ifSection.getByRole('alert')).toHaveText('Add at least one condition');
  await expect(thenSection.getByRole('alert')).toHaveText('Add at least one action');
  await expect(page).toHaveURL(/\/rules\/create$/);
  expect(posts).toEqual([]);

  // A condition alone is still not a rule; the condition's message goes, the action's stays.
  const condition = item(page, 'Condition 1');
  await condition.getByRole('combobox', { name: 'Condition type' }).click();
  await page.getByRole('option', { name: 'Message content', exact: true }).click();
  await condition.getByRole('combobox', { name: 'Message content' }).click();
  await page.getByRole('option', { name: 'Position information', exact: true }).click();
  await expect(ifSection.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(thenSection.getByRole('alert')).toHaveText('Add at least one action');
  await expect(ifSection.getByRole('alert')).toHaveCount(0);
  expect(posts).toEqual([]);

  const name = uniqueName('Hook on every report');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  // Saved switched off, then deleted: enabled it would fire on every report of the shared demo
  // fleet, and its toasts would cover other tests' screens.
  await page.getByRole('switch', { name: 'Enabled' }).uncheck();
  const action = item(page, 'Action 1');
  await action.getByRole('combobox', { name: 'Action type' }).click();
  await page.getByRole('option', { name: 'Send webhook', exact: true }).click();
  await action.getByRole('textbox', { name: 'URL' }).fill('https://hooks.example.test/in');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Rule "${name}" has been saved successfully`)).toBeVisible();
  await expect(page).toHaveURL(/\/rules$/);
  expect(posts).toHaveLength(1);

  await page.getByRole('row').filter({ hasText: name }).getByText(name).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Rule' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText(`Rule "${name}" has been deleted`)).toBeVisible();
});
