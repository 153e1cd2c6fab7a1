import type { APIRequestContext, Page } from '@playwright/test';
import type { Session } from '../../support/session';
import { mapAssetsUrl } from '../../support/servers';
import { expect, expectSignedIn, test } from '../../support/test';

/** Container 59 is cancelled, so the demo simulator leaves it alone: only this test moves it. */
const TRACKER = 'Container 59';

async function api(request: APIRequestContext, admin: Session) {
  const headers = { Authorization: `Bearer ${admin.token}` };
  const get = async <T>(path: string) => {
    const response = await request.get(`/api${path}`, { headers });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { data: T }).data;
  };
  const me = await get<{ accounts: { id: number; title: string }[] }>('/me');
  const accountId = me.accounts.find((a) => a.title === 'Demo Logistics')!.id;
  return { request, headers, get, accountId };
}

/**
 * A geofence of its own around the tracker, and a report from inside it through the JSON
 * ingest: the pipeline opens a visit, so the dwell row has one device inside.
 */
async function trackerParkedInNewYard(request: APIRequestContext, admin: Session, name: string) {
  const a = await api(request, admin);
  const devices = await a.get<{ id: number; name: string; serial: string }[]>(
    `/accounts/${a.accountId}/device-list`,
  );
  const tracker = devices.find((d) => d.name === TRACKER)!;
  const [position] = await a.get<{ lat: number; lng: number }[]>(
    `/accounts/${a.accountId}/current-positions?raw=1&device_ids=${tracker.id}`,
  );
  const created = await request.post(`/api/accounts/${a.accountId}/geofences`, {
    headers: a.headers,
    data: {
      name,
      address: 'Yard for the dwell test',
      is_irregular: 0,
      lat: position!.lat,
      lng: position!.lng,
      radius: 0.5,
    },
  });
  expect(created.ok()).toBe(true);
  const geofenceId = ((await created.json()) as { data: { id: number } }).data.id;
  const { api_token } = await a.get<{ api_token: string }>(`/accounts/${a.accountId}/api-token`);
  const ingest = await request.post('/api/ingest/positions', {
    headers: { Authorization: `Bearer ${api_token}` },
    data: {
      positions: [
        {
          serial: tracker.serial,
          timestamp: new Date().toISOString(),
          lat: position!.lat,
          lng: position!.lng,
          speed: 0,
        },
      ],
    },
  });
  expect(ingest.ok()).toBe(true);
  const remove = () =>
    request.delete(`/api/accounts/${a.accountId}/geofences/${geofenceId}`, {
      headers: a.headers,
    });
  return { remove };
}

const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

async function openDwell(page: Page, name: string) {
  // The navigation is the same on every screen: the account page has no map to wait for.
  await page.goto('/account');
  await expectSignedIn(page, 'manager');
  await page.getByRole('link', { name: 'Dashboards' }).click();
  await expect(page).toHaveURL(/\/dashboards\/dwell$/);
  await page.getByRole('textbox', { name: 'Search geofences' }).fill(name);
  await expect(row(page, name)).toHaveCount(1);
}

async function setInline(page: Page, label: string, value: string) {
  const input = page.getByRole('textbox', { name: label });
  await input.fill(value);
  await input.press('Enter');
}

test('a manager sets a dwell SLA and asset bounds inline, reads the new colours and expands the row to its trackers', async ({
  page,
  request,
  signIn,
  sessionOf,
}) => {
  const name = `Dwell Yard ${Date.now().toString(36)}`;
  const yard = await trackerParkedInNewYard(request, await sessionOf('admin'), name);
  await signIn('manager');
  await openDwell(page, name);

  const percentage = row(page, name).getByTestId('dwell-percentage');
  const devicesCount = row(page, name).getByTestId('devices-count');
  await expect(devicesCount).toHaveText('1');
  // No SLA and no asset bounds yet: plain cells.
  await expect(percentage).toHaveText('-');
  await expect(percentage).toHaveAttribute('data-colour', 'white');
  await expect(devicesCount).toHaveAttribute('data-colour', 'white');

  // Text that is not a number is refused and the box shows the stored value again.
  const sla = `Dwell SLA (days) of ${name}`;
  await setInline(page, sla, 'two');
  await expect(page.getByText('Please enter a number')).toBeVisible();
  await expect(page.getByRole('textbox', { name: sla })).toHaveValue('');

  // A 2-day SLA against minutes of dwell: well under 75 %, green.
  await setInline(page, sla, '2');
  await expect(percentage).toHaveAttribute('data-colour', 'green');
  await expect(percentage).toHaveText('0 %');
  await expect(page.getByRole('textbox', { name: sla })).toHaveValue('2');

  // One tracker inside: below a minimum of 2 is red, within 1..5 green.
  await setInline(page, `Min Assets of ${name}`, '2');
  await expect(devicesCount).toHaveAttribute('data-colour', 'red');
  await setInline(page, `Max Assets of ${name}`, '5');
  await setInline(page, `Min Assets of ${name}`, '1');
  await expect(devicesCount).toHaveAttribute('data-colour', 'green');

  // The server's own message for an out-of-range value, and the input reverted.
  await setInline(page, `Max Assets of ${name}`, '600');
  await expect(page.getByText('cannot be greater than 500')).toBeVisible();
  await expect(page.getByRole('textbox', { name: `Max Assets of ${name}` })).toHaveValue('5');

  await page.getByRole('button', { name: `Show devices in ${name}` }).click();
  const devices = page.getByRole('table', { name: `Devices in ${name}` });
  await expect(devices.getByRole('link', { name: TRACKER })).toBeVisible();
  await expect(devices.getByText('Yard Assets')).toBeVisible();
  await expect(devices.getByText('0 days')).toBeVisible();

  // The same figures over 90 days. The 30-day rows stay while the 90-day ones load, so wait
  // for the table's answer: read after the geofence is deleted below, it would drop the row.
  const ninetyDays = page.waitForResponse(
    (response) =>
      response.url().includes('/dwell/geofences?') && response.url().includes('period=90'),
  );
  await page.getByText('90 days').click();
  expect((await ninetyDays).ok()).toBe(true);
  await expect(devicesCount).toHaveText('1');

  // Deleted elsewhere: the next edit says so.
  expect((await yard.remove()).ok()).toBe(true);
  await setInline(page, sla, '3');
  await expect(page.getByText('Sorry, this geofence no longer exists')).toBeVisible();
});

test('the help modal explains the figures, and Analytics embeds the account report', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/dashboards');
  await expect(page).toHaveURL(/\/dashboards\/dwell$/);
  await page.getByRole('button', { name: 'How We Calculate Dwell' }).click();
  const help = page.getByRole('dialog', { name: 'How We Calculate Dwell' });
  await expect(help.getByText(/Up to 75 % is green/)).toBeVisible();
  await help.getByRole('button', { name: 'Got it' }).click();
  await expect(help).toBeHidden();

  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/dashboards\/analytics$/);
  // The demo installation's report is the stand-in's page (support/start-servers.ts).
  await expect(page.locator('iframe[title="Analytics"]')).toHaveAttribute(
    'src',
    `${mapAssetsUrl}/report`,
  );
  await expect(
    page
      .frameLocator('iframe[title="Analytics"]')
      .getByRole('heading', { name: 'Stand-in report' }),
  ).toBeVisible();
  await expect(page.getByText('The report cannot be loaded')).toHaveCount(0);
});

test('a power user has no dashboards', async ({ page, signIn }) => {
  await signIn('user');
  await page.goto('/account');
  await expectSignedIn(page, 'user');
  await expect(page.getByRole('link', { name: 'Trackers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboards' })).toHaveCount(0);
  await page.goto('/dashboards/dwell');
  await expect(page).toHaveURL(/\/trackers$/);
});
