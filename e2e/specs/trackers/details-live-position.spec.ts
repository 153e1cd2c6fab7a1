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
  const { api_token } = await apiGet<{ api_token: string }>(
    page,
    session,
    `/accounts/${session.accountId}/api-token`,
  );

  await page.goto(`/trackers/${reefer.id}`);
  const popup = page.getByTestId('tracker-popup');
  await expect(popup.getByText('Reefer 10')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Map legend' }).getByText('Geofence', { exact: true }),
  ).toBeVisible();

  // A minute ahead of the clock, so the demo simulator's next report (device time now) is
  // history arriving late and this stays the newest position while the test reads it.
  const ingest = await page.request.post('/api/ingest/positions', {
    headers: { Authorization: `Bearer ${api_token}` },
    data: {
      positions: [
        {
          serial: reefer.serial,
          timestamp: new Date(Date.now() + 60_000).toISOString(),
          lat: 35.08449,
          lng: -106.65114,
          fix: 'wifi',
          accuracy: 40,
        },
      ],
    },
  });
  expect(ingest.ok()).toBe(true);
  await expect(popup.getByText('35.08449, -106.65114')).toBeVisible();
  await expect(popup.getByText('Wi-Fi fix ±40 m')).toBeVisible();

  // Opened again, the screen explains the coarse fix (spec 000 §8).
  await page.reload();
  await expect(page.getByText('Showing the nearest wi-fi spot.')).toBeVisible();
});
