import { readFile } from 'node:fs/promises';
import { apiGet } from '../../support/session';
import { fleetReport, screenMiles } from '../../support/fleet-reports';
import { expect, test } from '../../support/test';

interface Trip {
  device_name: string;
  distance: number;
}

interface SummaryRow {
  device_id: number;
  device_name: string;
  trips: number;
}

test('an admin reads a truck’s trips and summary of the last 7 days and downloads them', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  // The demo's history goes through the pipeline: a truck that drove in the last 7 days, and
  // is parked now, so that a trip it is driving does not grow between the API and the screen.
  const week = await fleetReport<SummaryRow>(page, session, '/summary?per_page=500');
  const parked = new Set(
    (
      await apiGet<{ id: number }[]>(
        page,
        session,
        `/accounts/${session.accountId}/devices?fleet_status=stopped&per_page=500`,
      )
    ).map((d) => d.id),
  );
  const driven = week.data.find(
    (row) => row.device_name.startsWith('Truck') && row.trips > 0 && parked.has(row.device_id),
  );
  expect(driven, 'a parked demo truck with trips in the last 7 days').toBeDefined();
  const truck = { id: driven!.device_id, name: driven!.device_name };
  const trips = await fleetReport<Trip>(
    page,
    session,
    `/trips?device_ids=${truck.id}&per_page=500`,
  );
  const summary = await fleetReport<SummaryRow>(page, session, `/summary?device_ids=${truck.id}`);
  expect(trips.data.length).toBeGreaterThan(0);
  const devices = await apiGet<{ id: number; name: string }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  expect(devices.some((d) => d.id === truck.id)).toBe(true);

  await page.goto('/reports');
  await page.getByRole('tab', { name: 'Fleet reports' }).click();
  await expect(page).toHaveURL(/\/reports\/fleet$/);
  // The range starts as the last 7 days; the truck is picked from the trackers.
  await page.getByRole('combobox', { name: 'Trackers' }).fill(truck.name);
  await page.getByRole('option', { name: truck.name, exact: true }).click();
  await page.keyboard.press('Escape');

  const table = page.getByRole('table', { name: 'Trips' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(trips.data.length);
  await expect(rows.locator('td:nth-child(1)')).toHaveText(trips.data.map((t) => t.device_name));
  await expect(rows.locator('td:nth-child(6)')).toHaveText(
    trips.data.map((t) => screenMiles(t.distance)),
  );
  await expect(table.locator('tfoot th').nth(5)).toHaveText(screenMiles(trips.totals.distance));

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`trips-${trips.meta.date_from}-${trips.meta.date_to}.csv`);
  const lines = (await readFile(await file.path(), 'utf8')).trim().split('\r\n');
  // A header, one line a trip, the totals.
  expect(lines).toHaveLength(trips.data.length + 2);
  expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(
    trips.data.map((t) => t.device_name),
  );

  await page.getByRole('tab', { name: 'Summary' }).click();
  const summaryTable = page.getByRole('table', { name: 'Summary' });
  await expect(summaryTable.locator('tbody tr')).toHaveCount(summary.data.length);
  await expect(summaryTable.locator('tfoot th').nth(2)).toHaveText(
    screenMiles(summary.totals.distance),
  );
  await expect(page.getByRole('img', { name: 'Distance chart' })).toContainText(truck.name);

  // A row opens the tracker's details at its time.
  await page.getByRole('tab', { name: 'Trips' }).click();
  await rows.first().click();
  await expect(page).toHaveURL(new RegExp(`/trackers/${truck.id}\\?from=.+&to=.+`));
});
