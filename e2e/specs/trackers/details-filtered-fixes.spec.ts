import { apiGet } from '../../support/session';
import { mapStat } from '../../support/map';
import { expect, test } from '../../support/test';

test('a jump is filtered: the tracker stays put, the details count it and show it greyed', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const trackers = await apiGet<{ id: number; name: string; serial: string }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  const reefer = trackers.find((t) => t.name === 'Reefer 22')!;
  const { api_token } = await apiGet<{ api_token: string }>(
    page,
    session,
    `/accounts/${session.accountId}/api-token`,
  );
  const current = async () =>
    (
      await apiGet<{ current_position: { lat: number; lng: number } }>(
        page,
        session,
        `/accounts/${session.accountId}/devices/${reefer.id}`,
      )
    ).current_position;
  const before = await current();

  // Three seconds ahead (newer than the simulator's last report), 3° of latitude (330 km) away
  // from where it is: no truck gets there.
  const jumpAt = Date.now() + 3_000;
  const ingest = await page.request.post('/api/ingest/positions', {
    headers: { Authorization: `Bearer ${api_token}` },
    data: {
      positions: [
        {
          serial: reefer.serial,
          timestamp: new Date(jumpAt).toISOString(),
          lat: before.lat > 45 ? before.lat - 3 : before.lat + 3,
          lng: before.lng,
          fix: 'gps',
        },
      ],
    },
  });
  expect(ingest.ok()).toBe(true);
  const after = await current();
  expect(Math.abs(after.lat - before.lat)).toBeLessThan(1);

  // The details' range ends when the page opens: open it once the jump's time has come.
  await expect.poll(() => Date.now()).toBeGreaterThan(jumpAt);
  await page.goto(`/trackers/${reefer.id}`);
  await expect(page.getByText(/^\d+ fix(es)? filtered in this range$/)).toBeVisible();
  await page.getByLabel('Show filtered fixes').check();
  await expect.poll(() => mapStat(page, 'filtered-fixes')).toBeGreaterThanOrEqual(1);
});

test('an admin sets the account position filter; a bad bound is named inline', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Position filter' })).toBeVisible();
  const speed = page.getByLabel('Maximum speed (km/h)');
  await expect(speed).toHaveValue('300');
  await speed.fill('20');
  await page.getByRole('button', { name: 'Update position filter' }).click();
  await expect(page.getByText('Maximum speed must be between 50 and 2000 km/h')).toBeVisible();
  await speed.fill('250');
  await page.getByRole('button', { name: 'Update position filter' }).click();
  await expect(page.getByText('Position filter has been updated.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Maximum speed (km/h)')).toHaveValue('250');
  // Back to the default, so a rerun starts from the seed.
  await page.getByLabel('Maximum speed (km/h)').fill('300');
  await page.getByRole('button', { name: 'Update position filter' }).click();
  await expect(page.getByText('Position filter has been updated.').first()).toBeVisible();
});

test('a viewer sees no position filter', async ({ page, signIn }) => {
  await signIn('viewer');
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Position filter' })).toHaveCount(0);
});
