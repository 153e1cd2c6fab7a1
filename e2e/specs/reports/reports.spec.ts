import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { fleetMap, waitForFrames } from '../../support/map';
import { deleteReport, listReports, PUBLIC_REPORT_FIELDS } from '../../support/reports';
import { apiGet } from '../../support/session';
import { expect, expectSignedIn, test } from '../../support/test';

// Times read in the browser's zone; UTC here, like the report's range.
test.use({ timezoneId: 'UTC' });

const TRACKER = 'Truck 07';
const DELETE_CONFIRM = 'Are you sure you want to delete this report?';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const legend = (page: Page) => page.getByRole('region', { name: 'Map legend' });

/** Clicks and waits for the file the click downloads; answers its name and first bytes. */
async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const bytes = await readFile(await file.path());
  return { name: file.suggestedFilename(), head: bytes.subarray(0, 4).toString('latin1') };
}

/** What a report page shows whoever opens it: Report Info, summary, sections, the map. */
async function expectReportPage(page: Page) {
  await expect(page.getByRole('heading', { name: TRACKER, level: 2 })).toBeVisible();
  const info = region(page, 'Report Info');
  await expect(info).toContainText(TRACKER);
  // 'E, MMM do, yyyy h:mmaaa', e.g. 'Sat, Nov 28th, 2026 12:00am'.
  await expect(info).toContainText(
    /[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}(st|nd|rd|th), \d{4} 12:00am/,
  );
  const summary = region(page, 'Summary');
  for (const label of ['Distance', 'Moving time', 'Stopped time', 'Stops', 'Max speed']) {
    await expect(summary.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(summary.getByText('Average speed', { exact: true })).toBeVisible();
  await expect(region(page, 'Addresses')).toBeVisible();
  await expect(region(page, 'Alerts')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  await expect(fleetMap(page)).toHaveAttribute('data-ready', 'true');
  await waitForFrames(page, 1);
  await expect(fleetMap(page)).toHaveAttribute('data-frame-inside', '1');
}

test('an admin saves a report, publishes it, and the copied link opens it logged out', async ({
  page,
  signIn,
  context,
  baseURL,
  browser,
}) => {
  const session = await signIn('admin');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const trackers = await apiGet<{ id: number; name: string }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  const truck = trackers.find((t) => t.name === TRACKER)!;
  expect(truck).toBeDefined();

  await page.goto('/reports');
  await expectSignedIn(page, 'admin');
  await expect(page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();

  // The form: Save stays disabled until a tracker is chosen.
  const form = page.getByRole('form', { name: 'New report' });
  const save = form.getByRole('button', { name: 'Save report' });
  await expect(save).toBeDisabled();
  const tracker = form.getByRole('combobox', { name: 'Tracker' });
  await tracker.click();
  await tracker.fill(TRACKER);
  await page.getByRole('option', { name: TRACKER, exact: true }).click();
  await form.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('button', { name: 'Yesterday' }).click();
  await page.getByRole('button', { name: 'Select' }).click();
  await expect(save).toBeEnabled();

  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/accounts\/\d+\/reports/.test(r.url()),
  );
  await save.click();
  const response = await created;
  expect(response.status()).toBe(201);
  const report = ((await response.json()) as { data: { id: number; uuid: string } }).data;
  await expect(page.getByText('Saved successfully!')).toBeVisible();
  test.info().annotations.push({ type: 'report', description: String(report.id) });

  try {
    const row = page
      .getByRole('row')
      .filter({ has: page.locator(`a[href="/reports/${report.id}"]`) });
    await expect(row.getByRole('link', { name: TRACKER })).toBeVisible();
    // Date Range: 'E, MMM do, yyyy', yesterday on both ends.
    await expect(row).toContainText(/[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}(st|nd|rd|th), \d{4}/);
    const link = row.getByRole('textbox', { name: `Public link of ${TRACKER}` });
    await expect(link).toHaveCount(0);

    // Public: the PUT goes about 600 ms after the last toggle; the link shows once it is public.
    const toggled = Date.now();
    const put = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().endsWith(`/reports/${report.id}`),
    );
    // The switch's track covers its input (the user clicks the track): a forced check clicks
    // there and then reads the state.
    await row.getByRole('switch', { name: `Public report of ${TRACKER}` }).check({ force: true });
    expect((await put).postDataJSON()).toEqual({ is_public: true });
    expect(Date.now() - toggled).toBeGreaterThanOrEqual(550);
    const url = `${new URL(baseURL!).origin}/reports/view/${report.uuid}`;
    await expect(link).toHaveValue(url);

    await row.getByRole('button', { name: 'Copy' }).click();
    await expect(row.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // The label comes back by itself after 2 s.
    await expect(row.getByRole('button', { name: 'Copy' })).toBeVisible();

    // Logged out: a context of its own, with nobody's session.
    const guest = await browser.newContext({ baseURL, timezoneId: 'UTC', acceptDownloads: true });
    try {
      const pub = await guest.newPage();
      const answer = pub.waitForResponse((r) =>
        r.url().includes(`/api/public-reports/${report.uuid}?`),
      );
      await pub.goto(url);
      const body = (await (await answer).json()) as { data: Record<string, unknown> };
      await expectReportPage(pub);
      // No shell, no back link, no Delete.
      await expect(pub.getByRole('navigation')).toHaveCount(0);
      await expect(pub.getByRole('link', { name: 'Reports' })).toHaveCount(0);
      await expect(pub.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      // The call answers what the page shows and nothing of the account.
      expect(Object.keys(body.data).sort()).toEqual(PUBLIC_REPORT_FIELDS);
      expect(Object.keys(body.data.device as object)).toEqual(['name']);

      // The layers: tracks and stops come and go with their toggles.
      const tracks = pub.getByRole('checkbox', { name: 'Show tracks' });
      const stops = pub.getByRole('checkbox', { name: 'Show stops' });
      await expect(tracks).toBeChecked();
      await expect(stops).toBeChecked();
      await expect(legend(pub).getByText('Moving', { exact: true })).toBeVisible();
      await expect(legend(pub).getByText('Stop', { exact: true })).toBeVisible();
      await tracks.uncheck();
      await expect(legend(pub).getByText('Moving', { exact: true })).toHaveCount(0);
      await stops.uncheck();
      await expect(legend(pub).getByText('Stop', { exact: true })).toHaveCount(0);
      await tracks.check();
      await stops.check();
      await expect(legend(pub).getByText('Moving', { exact: true })).toBeVisible();
      await expect(legend(pub).getByText('Stop', { exact: true })).toBeVisible();

      // The PDF and the addresses' spreadsheet, through the public export routes.
      const pdf = await download(pub, pub.getByRole('button', { name: 'Download PDF' }));
      expect(pdf.name).toMatch(/\.pdf$/);
      expect(pdf.head).toBe('%PDF');
      const sheet = await download(
        pub,
        region(pub, 'Addresses').getByRole('button', { name: 'Download spreadsheet' }),
      );
      expect(sheet.name).toMatch(/\.xlsx$/);
      // XLSX is a zip file.
      expect(sheet.head.slice(0, 2)).toBe('PK');

      // Public off: the link leaves the row and the public page answers no more.
      const unpublished = page.waitForRequest(
        (r) => r.method() === 'PUT' && r.url().endsWith(`/reports/${report.id}`),
      );
      await row
        .getByRole('switch', { name: `Public report of ${TRACKER}` })
        .uncheck({ force: true });
      expect((await unpublished).postDataJSON()).toEqual({ is_public: false });
      await expect(link).toHaveCount(0);
      await pub.reload();
      await expect(
        pub.locator('.mantine-Notification-root').getByText('This report does not exist'),
      ).toBeVisible();
      await expect(pub).toHaveURL(url);

      // The signed-in details: the same report, with the back link and Delete.
      await row.getByRole('link', { name: TRACKER }).click();
      await expect(page).toHaveURL(new RegExp(`/reports/${report.id}$`));
      await expectReportPage(page);
      await expect(page.getByRole('link', { name: 'Reports' }).first()).toBeVisible();
      const alerts = await download(
        page,
        region(page, 'Alerts').getByRole('button', { name: 'Download spreadsheet' }),
      );
      expect(alerts.name).toMatch(/\.xlsx$/);
      const privatePdf = await download(page, page.getByRole('button', { name: 'Download PDF' }));
      expect(privatePdf.head).toBe('%PDF');

      // Delete, with the browser's confirmation; then the list, without it.
      page.once('dialog', (dialog) => {
        expect(dialog.type()).toBe('confirm');
        expect(dialog.message()).toBe(DELETE_CONFIRM);
        void dialog.accept();
      });
      await region(page, 'Report Info').getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Successfully deleted!')).toBeVisible();
      await expect(page).toHaveURL(/\/reports$/);
      await expect(page.locator(`a[href="/reports/${report.id}"]`)).toHaveCount(0);
    } finally {
      await guest.close();
    }
  } finally {
    await deleteReport(page, session, report.id);
  }
});

test('dismissing the confirmation keeps the report', async ({ page, signIn }) => {
  const session = await signIn('admin');
  // The oldest report is one of the demo's: the newest may be another test's, deleted meanwhile.
  const first = (await listReports(page, session)).sort((a, b) => a.id - b.id)[0];
  expect(first, 'the demo account has reports').toBeDefined();
  await page.goto(`/reports/${first!.id}`);
  await expect(page.getByRole('heading', { name: first!.device.name, level: 2 })).toBeVisible();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(DELETE_CONFIRM);
    void dialog.dismiss();
  });
  await region(page, 'Report Info').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/${first!.id}$`));
  expect((await listReports(page, session)).some((r) => r.id === first!.id)).toBe(true);
});

test('a viewer reads the reports without the form, the toggle or Delete', async ({
  page,
  signIn,
}) => {
  const session = await signIn('viewer');
  await page.goto('/reports');
  await expectSignedIn(page, 'viewer');
  await expect(page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();
  await expect(page.getByRole('form', { name: 'New report' })).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);
  const reports = await listReports(page, session);
  if (reports.length === 0) {
    await expect(page.getByText('No reports have been created')).toBeVisible();
    return;
  }
  await expect(page.locator(`a[href="/reports/${reports[0]!.id}"]`).first()).toBeVisible();
  await page.goto(`/reports/${reports[0]!.id}`);
  await expect(region(page, 'Report Info')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});
