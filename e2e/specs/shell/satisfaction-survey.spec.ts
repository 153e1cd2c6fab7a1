import type { Page } from '@playwright/test';
import { expect, test } from '../../support/test';
import { DEMO_PASSWORD } from '../../support/users';

/**
 * Spec 002 §2.11: Sam Survey belongs to Demo Home (uses_gpx_app and included_in_cs on) and has
 * not answered yet (apps/server/src/demo/demo.ts); the survey comes up 5 s in, is answered,
 * stays away, and the answer is in the platform admin's Survey list.
 */
async function tokenOf(page: Page, email: string) {
  const login = await page.request.post('/api/token', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.ok(), `sign-in of ${email}`).toBe(true);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

test('a Demo Home user answers the satisfaction survey and a platform admin reads it', async ({
  page,
}) => {
  const token = await tokenOf(page, 'survey@demo.test');
  await page.addInitScript((stored) => {
    if (!localStorage.getItem('waymark.token')) localStorage.setItem('waymark.token', stored);
  }, token);
  await page.goto('/trackers');

  const survey = page.getByRole('dialog', { name: 'Satisfaction survey' });
  await expect(survey).toBeVisible();
  await expect(
    survey.getByText('How likely are you to recommend us to a friend or colleague?'),
  ).toBeVisible();
  await expect(survey.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await survey.getByRole('button', { name: '9', exact: true }).click();
  await survey.getByLabel('Comment (optional)').fill('The live map is great');
  await survey.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
  await expect(survey).toHaveCount(0);

  // Answered: the server no longer offers it to this user.
  const me = await page.request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } });
  const accountId = ((await me.json()) as { data: { accounts: { id: number }[] } }).data
    .accounts[0]!.id;
  const status = await page.request.get(`/api/accounts/${accountId}/survey`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(await status.json()).toEqual({ data: { show: false } });

  // The platform admin's Survey list, next to the Audit Log.
  const rootToken = await tokenOf(page, 'root@demo.test');
  await page.evaluate((stored) => {
    localStorage.clear();
    localStorage.setItem('waymark.token', stored);
  }, rootToken);
  await page.goto('/');
  // Home for a platform admin is Accounts: a click before that redirect lands is undone by it.
  await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
  await page.getByRole('link', { name: 'Survey', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Survey' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'survey@demo.test' });
  await expect(row).toContainText('Sam Survey');
  await expect(row).toContainText('Demo Home');
  await expect(row).toContainText('The live map is great');
  await expect(row.getByRole('cell', { name: '9', exact: true })).toBeVisible();
});

test('the Survey list is for platform admins only', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/admin/survey');
  await expect(page).toHaveURL(/\/trackers/);
  await expect(page.getByRole('link', { name: 'Survey', exact: true })).toHaveCount(0);
});
