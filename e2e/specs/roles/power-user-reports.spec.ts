import { deleteReport } from '../../support/reports';
import { expect, expectSignedIn, test } from '../../support/test';

// Times read in the browser's zone; UTC here, like the report's range.
test.use({ timezoneId: 'UTC' });

const TRACKER = 'Truck 07';

/**
 * Issue 35.3, spec 001 §6: a Power User "creates and manages alerts and reports". Pat Power
 * sees the creation form, saves a report and publishes it with the toggle, as an admin would.
 */
test('a Power User saves a report and publishes it', async ({ page, signIn }) => {
  const session = await signIn('user');
  await page.goto('/reports');
  await expectSignedIn(page, 'user');

  const form = page.getByRole('form', { name: 'New report' });
  const tracker = form.getByRole('combobox', { name: 'Tracker' });
  await tracker.click();
  await tracker.fill(TRACKER);
  await page.getByRole('option', { name: TRACKER, exact: true }).click();
  await form.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('button', { name: 'Yesterday' }).click();
  await page.getByRole('button', { name: 'Select' }).click();

  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/accounts\/\d+\/reports/.test(r.url()),
  );
  await form.getByRole('button', { name: 'Save report' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const report = ((await response.json()) as { data: { id: number; uuid: string } }).data;
  await expect(page.getByText('Saved successfully!')).toBeVisible();

  try {
    const row = page
      .getByRole('row')
      .filter({ has: page.locator(`a[href="/reports/${report.id}"]`) });
    const published = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith(`/reports/${report.id}`),
    );
    // The switch's track covers its input (the user clicks the track). It turns on when the
    // server has answered, so the click is not a `check()`, which wants the change at once.
    const publicSwitch = row.getByRole('switch', { name: `Public report of ${TRACKER}` });
    await publicSwitch.click({ force: true });
    expect((await published).status()).toBe(200);
    await expect(publicSwitch).toBeChecked();
    await expect(row.getByRole('textbox', { name: `Public link of ${TRACKER}` })).toHaveValue(
      new RegExp(`/reports/view/${report.uuid}$`),
    );
  } finally {
    await deleteReport(page, session, report.id);
  }
});
