import { apiGet } from '../../support/session';
import { expect, test } from '../../support/test';

test("tracker details show the ignition as the tracker's newest fix reported it", async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  type Details = { id: number; current_position: { ignition: boolean | null } | null };
  const details = (id: number) =>
    apiGet<Details>(page, session, `/accounts/${session.accountId}/devices/${id}`);
  const trackers = await apiGet<{ id: number }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  // The demo's vehicles report their ignition (GT06 ACC, Teltonika IO 239); its containers do not.
  let vehicle: Details | undefined;
  let container: Details | undefined;
  for (const { id } of trackers) {
    const tracker = await details(id);
    const ignition = tracker.current_position?.ignition;
    if (typeof ignition === 'boolean') vehicle ??= tracker;
    else if (tracker.current_position && ignition === null) container ??= tracker;
    if (vehicle && container) break;
  }
  expect(vehicle).toBeDefined();
  expect(container).toBeDefined();

  await page.goto(`/trackers/${vehicle!.id}`);
  const shown = page
    .getByText('Ignition', { exact: true })
    .locator('xpath=following-sibling::*[1]');
  await expect(shown).toHaveText(/^(On|Off)$/);
  // As the API says now (the demo drives on: a trip may start between the reads).
  await expect
    .poll(async () => {
      const ignition = (await details(vehicle!.id)).current_position?.ignition;
      return (await shown.textContent()) === (ignition ? 'On' : 'Off');
    })
    .toBe(true);

  // A tracker that reports no ignition shows none, rather than a dash that reads as "off".
  await page.goto(`/trackers/${container!.id}`);
  await expect(page.getByText('Serial', { exact: true })).toBeVisible();
  await expect(page.getByText('Ignition', { exact: true })).toHaveCount(0);
});
