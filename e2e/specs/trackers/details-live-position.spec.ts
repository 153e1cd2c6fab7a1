import { apiGet } from '../../support/session';
import { expect, test } from '../../support/test';

test('tracker details follow a live position and show the account geofences', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const trackers = await apiGet<{ id: number; name: string; serial: string }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  const reefer = trackers.find((t) => t.name === 'Reefer 10')!;
  // A few hundred metres from where it is: a move the position filter believes.
  const positions = await apiGet<{ device_id: number; lat: number; lng: number }[]>(
    page,
    session,
    `/accounts/${session.accountId}/current-positions?raw=1`,
  );
  const here = positions.find((p) => p.device_id === reefer.id)!;
  const near = {
    lat: Number((here.lat + 0.002).toFixed(5)),
    lng: Number((here.lng + 0.002).toFixed(5)),
  };
  const { api_token } = await apiGet<{ api_token: string }>(
    page,
    session,
    `/accounts/${session.accountId}/api-token`,
  );

  await page.goto(`/trackers/${reefer.id}`);
  const popup = page.getByTestId('tracker-popup');
  await expect(popup.getByText('Reefer 10')).toBeVisible();
  // The legend starts closed on this map (issue 35.23) and opens on a click.
  const legend = page.getByRole('region', { name: 'Map legend' });
  await legend.getByRole('button', { name: 'Legend' }).click();
  await expect(legend.getByText('Geofence', { exact: true })).toBeVisible();

  // A minute ahead of the clock, so the demo simulator's next report (device time now) is
  // history arriving late and this stays the newest position while the test reads it.
  const ingest = await page.request.post('/api/ingest/positions', {
    headers: { Authorization: `Bearer ${api_token}` },
    data: {
      positions: [
        {
          serial: reefer.serial,
          timestamp: new Date(Date.now() + 60_000).toISOString(),
          lat: near.lat,
          lng: near.lng,
          fix: 'wifi',
          accuracy: 40,
        },
      ],
    },
  });
  expect(ingest.ok()).toBe(true);
  await expect(popup.getByText(`${near.lat.toFixed(5)}, ${near.lng.toFixed(5)}`)).toBeVisible();
  await expect(popup.getByText('Wi-Fi fix ±40 m')).toBeVisible();
  // The Info panel follows the same live position as the popup (issue 35.23).
  await expect(page.getByText(`${near.lat.toFixed(6)}, ${near.lng.toFixed(6)}`)).toBeVisible();

  // Opened again, the screen explains the coarse fix (spec 000 §8).
  await page.reload();
  await expect(page.getByText('Showing the nearest wi-fi spot.')).toBeVisible();
});
