import { apiGet, apiPost, uniqueName } from '../../support/session';
import { expect, test } from '../../support/test';

// The demo simulator reports every 30 s per tracker: wait for the next report or two, on top
// of the usual budget.
test.describe.configure({ timeout: 180_000 });

/**
 * The whole position path with nothing faked: a geofence is drawn around a tracker the demo
 * simulator keeps driving, and its next report over the tracker's own protocol enters it.
 */
test('a demo tracker driving into a new geofence produces a geofence-enter event and a dwell row', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const devices = await apiGet<{ id: number; name: string }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  const truck = devices.find((d) => d.name === 'Truck 01')!;
  const [position] = await apiGet<{ lat: number; lng: number }[]>(
    page,
    session,
    `/accounts/${session.accountId}/current-positions?raw=1&device_ids=${truck.id}`,
  );
  const name = uniqueName('Corridor');
  // 25 km around the truck: it cannot drive out of it before its next report.
  const created = await apiPost<{ id: number }>(
    page,
    session,
    `/accounts/${session.accountId}/geofences`,
    {
      name,
      address: 'Around Truck 01',
      is_irregular: 0,
      lat: position!.lat,
      lng: position!.lng,
      radius: 25,
    },
  );

  await page.goto(`/geofences/${created.id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(`Truck 01 entered ${name}`)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 100_000, intervals: [3_000] });

  // The visit the pipeline opened is what the dwell dashboard counts.
  await page.goto('/dashboards/dwell');
  await page.getByRole('textbox', { name: 'Search geofences' }).fill(name);
  await page.getByRole('button', { name: `Show devices in ${name}` }).click();
  const inside = page.getByRole('table', { name: `Devices in ${name}` });
  await expect(inside.getByRole('link', { name: 'Truck 01' })).toBeVisible();
});
