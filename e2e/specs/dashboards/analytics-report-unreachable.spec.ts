import { expect, test } from '../../support/test';
import { configuredUrl, mapAssetsUrl } from '../../support/servers';

// The configured installation of support/start-servers.ts: its demo account's custom report
// (DEMO_REPORT_URL) is an address of the stand-in that drops every connection unanswered.
test.use({ baseURL: configuredUrl });

const REPORT = `${mapAssetsUrl}/report-unreachable`;

test('Analytics says the report cannot be loaded and links to it, instead of a broken frame', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/dashboards/dwell');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/dashboards\/analytics$/);

  const message = page.getByRole('alert').filter({ hasText: 'The report cannot be loaded' });
  await expect(message).toBeVisible();
  await expect(message.getByText(/did not answer/)).toBeVisible();
  const link = message.getByRole('link', { name: REPORT });
  await expect(link).toHaveAttribute('href', REPORT);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(page.locator('iframe[title="Analytics"]')).toHaveCount(0);

  // Trying again asks the address again, and still says so.
  const asked = page.waitForRequest(REPORT);
  await message.getByRole('button', { name: 'Try again' }).click();
  await asked;
  await expect(
    page.getByRole('alert').filter({ hasText: 'The report cannot be loaded' }),
  ).toBeVisible();
});
