import type { Page } from '@playwright/test';
import { apiGet, apiPost, uniqueName, type Session } from '../../support/session';
import { openCalendarOnDay } from '../../support/date-picker';
import { expect, test } from '../../support/test';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Shipment {
  id: number;
  name: string;
  status: string;
  from_address: { name: string; lat: number; lng: number } | null;
  to_geofence_id: number | null;
}

const map = (page: Page) => page.getByTestId('fleet-map');

/** Picks a day and a time in one of the form's date pickers, on the browser's clocks. */
async function pickDateTime(page: Page, label: string, date: Date) {
  const day = await openCalendarOnDay(page, label, date);
  await day.click();
  await page.getByLabel('Hours', { exact: true }).fill(String(date.getHours()).padStart(2, '0'));
  await page
    .getByLabel('Minutes', { exact: true })
    .fill(String(date.getMinutes()).padStart(2, '0'));
  await page.getByRole('button', { name: 'Apply date' }).click();
  // Closed (after its transition) before the next picker opens, or both offer the same days.
  await expect(page.getByRole('button', { name: 'Apply date' })).toHaveCount(0);
}

/** Chooses an option of a Mantine select by typing part of its label. */
async function choose(page: Page, field: ReturnType<Page['getByRole']>, option: string) {
  await field.click();
  await field.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

const location = (page: Page, side: 'Start' | 'End') =>
  page.getByRole('group', { name: `${side} location` });

/** Fills General for a shipment of `tracker` starting at `start`, ending a day later. */
async function fillGeneral(page: Page, name: string, tracker: string, start: Date) {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Carrier' }).fill('E2E Freight');
  await pickDateTime(page, 'Start date', start);
  await pickDateTime(page, 'End date', new Date(start.getTime() + 24 * HOUR));
  await choose(page, page.getByRole('combobox', { name: 'Tracker' }), tracker);
}

async function openNewShipment(page: Page) {
  await page.goto('/shipments/create');
  await expect(page.getByRole('heading', { name: 'New Shipment' })).toBeVisible();
  await expect(map(page)).toHaveAttribute('data-ready', 'true');
}

/** Opens the edit page the way a user does: Edit on the shipment's details (spec 002 §2.2). */
async function openEditFromDetails(page: Page, id: number) {
  await page.goto(`/shipments/${id}`);
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Shipment' })).toBeVisible();
}

async function demoIds(page: Page, session: Session) {
  const geofences = await apiGet<{ id: number; name: string }[]>(
    page,
    session,
    `/accounts/${session.accountId}/geofences`,
  );
  const devices = await apiGet<{ id: number; name: string; serial: string }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  const geofence = (name: string) => geofences.find((g) => g.name === name)!;
  const device = (name: string) => devices.find((d) => d.name === name)!;
  return { geofence, device };
}

/** A shipment made through the API, for the tests of the edit page. */
async function shipmentByApi(page: Page, session: Session, name: string, tracker: string) {
  const { geofence, device } = await demoIds(page, session);
  const now = Date.now();
  return apiPost<Shipment>(page, session, `/accounts/${session.accountId}/shipments`, {
    name,
    start_at: new Date(now + HOUR).toISOString(),
    end_at: new Date(now + 30 * HOUR).toISOString(),
    device_id: device(tracker).id,
    from_geofence_id: geofence('Chicago Depot').id,
    to_geofence_id: geofence('Dallas Hub').id,
    notify_at: 0,
  });
}

const fetchShipment = (page: Page, session: Session, id: number) =>
  apiGet<Shipment>(page, session, `/accounts/${session.accountId}/shipments/${id}`);

test('an empty New Shipment form names every missing field with the spec texts', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await openNewShipment(page);
  await expect(page.getByText('Name is required')).toHaveCount(0);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('date is required')).toHaveCount(2);
  await expect(page.getByText('tracker is required')).toBeVisible();
  await expect(page.getByText('geofence is required')).toHaveCount(2);

  // Ticking 'Use an address instead' asks for an address, then for one picked from the list.
  await location(page, 'Start').getByRole('checkbox', { name: 'Use an address instead' }).check();
  await expect(page.getByText('geofence is required')).toHaveCount(1);
  await expect(page.getByText('address is required')).toBeVisible();
  await location(page, 'Start').getByRole('combobox', { name: 'Address' }).fill('Nowhere at all');
  await expect(page.getByText('lat and lng are required')).toBeVisible();

  // 'Notification before end' keeps its option when it is chosen again (issue 35.20: a
  // select is never emptied by re-picking), so it never goes missing.
  const notify = page.getByRole('combobox', { name: 'Notification before end' });
  await expect(notify).toHaveValue('No notification');
  await notify.click();
  await page.getByRole('option', { name: 'No notification' }).click();
  await expect(notify).toHaveValue('No notification');
  await expect(page.getByText('option is required')).toHaveCount(0);
  await expect(page).toHaveURL(/\/shipments\/create$/);
});

test('a manager creates a shipment between two demo geofences and lands on its details', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await openNewShipment(page);
  const name = uniqueName('E2E Pallets');
  await fillGeneral(page, name, 'Truck 01', new Date(Date.now() + 2 * HOUR));
  await choose(
    page,
    location(page, 'Start').getByRole('combobox', { name: 'Geofence' }),
    'Chicago Depot',
  );
  await choose(
    page,
    location(page, 'End').getByRole('combobox', { name: 'Geofence' }),
    'Dallas Hub',
  );
  // The preview draws both geofences.
  await expect(map(page)).toHaveAttribute('data-geofences', '2');
  await page.getByRole('combobox', { name: 'Notification before end' }).click();
  await page.getByRole('option', { name: '2 hours' }).click();
  const emails = page.getByRole('combobox', { name: 'Notify via email' });
  await emails.fill('dispatch@example.test');
  await emails.press('Enter');

  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/shipments$/.test(new URL(r.url()).pathname),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  const { data } = (await (await created).json()) as { data: Shipment };
  expect(data.name).toBe(name);
  await expect(page).toHaveURL(new RegExp(`/shipments/${data.id}$`));
  await expect(page.getByRole('link', { name: 'All Shipments' })).toBeVisible();
});

test('a shipment can end at an address picked from the search, and the map flies there', async ({
  page,
  signIn,
  sessionOf,
}) => {
  await signIn('admin');
  const session = await sessionOf('admin');
  await openNewShipment(page);
  const name = uniqueName('E2E Drop-off');
  await fillGeneral(page, name, 'Van 02', new Date(Date.now() + 3 * HOUR));
  await choose(
    page,
    location(page, 'Start').getByRole('combobox', { name: 'Geofence' }),
    'Chicago Depot',
  );

  const end = location(page, 'End');
  await end.getByRole('checkbox', { name: 'Use an address instead' }).check();
  await end.getByRole('combobox', { name: 'Address' }).fill('Springfield, IL');
  await page.getByRole('option', { name: 'Springfield, IL, US' }).click();
  await expect(end.getByRole('combobox', { name: 'Address' })).toHaveValue('Springfield, IL, US');
  await expect(map(page)).toHaveAttribute('data-zoom', '15');

  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/shipments$/.test(new URL(r.url()).pathname),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  const { data } = (await (await created).json()) as { data: Shipment };
  const stored = await fetchShipment(page, session, data.id);
  expect(stored.to_geofence_id).toBeNull();
  expect(stored).toMatchObject({ to_address: { name: 'Springfield, IL, US' } });
});

test('a manager renames a shipment, ends it now, and deletes another with the confirmation', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const first = await shipmentByApi(page, session, uniqueName('E2E Edit'), 'Trailer 03');
  await openEditFromDetails(page, first.id);

  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue(first.name);
  await expect(page.getByRole('textbox', { name: 'Tracker' })).toHaveAttribute('readonly');
  await expect(page.getByRole('textbox', { name: 'Begin location' })).toHaveValue(/Chicago Depot/);
  await expect(page.getByRole('textbox', { name: 'End location' })).toHaveValue(/Dallas Hub/);
  await expect(
    page.getByRole('table', { name: 'Position history' }).or(page.getByText('No positions yet')),
  ).toBeVisible();

  // Save is disabled while the name is empty.
  await name.fill('');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await name.fill(`${first.name} renamed`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/shipments/${first.id}$`));
  await expect(page.getByRole('link', { name: 'All Shipments' })).toBeVisible();
  await expect
    .poll(async () => (await fetchShipment(page, session, first.id)).name)
    .toBe(`${first.name} renamed`);

  await openEditFromDetails(page, first.id);
  await expect(name).toHaveValue(`${first.name} renamed`);
  await page.getByRole('button', { name: 'End', exact: true }).hover();
  await expect(page.getByRole('tooltip', { name: 'End shipment now' })).toBeVisible();
  await page.getByRole('button', { name: 'End', exact: true }).click();
  await expect
    .poll(async () => (await fetchShipment(page, session, first.id)).status)
    .toMatch(/^completed(-late)?$/);
  // Back on the details: the edit page opened from them shows the status.
  await openEditFromDetails(page, first.id);
  await expect(page.getByText(/^Completed( Late)?$/)).toBeVisible();

  const second = await shipmentByApi(page, session, uniqueName('E2E Delete'), 'Trailer 03');
  await openEditFromDetails(page, second.id);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to delete this shipment?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/shipments$/);
  const gone = await page.request.get(`/api/accounts/${session.accountId}/shipments/${second.id}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(gone.status()).toBe(404);
});

test('the edit page opened directly goes to the details; a viewer cannot create', async ({
  page,
  signIn,
  sessionOf,
}) => {
  const admin = await sessionOf('admin');
  const shipment = await shipmentByApi(page, admin, uniqueName('E2E Direct'), 'Trailer 03');
  await signIn('admin');
  await page.goto(`/shipments/${shipment.id}/edit`);
  await expect(page).toHaveURL(new RegExp(`/shipments/${shipment.id}$`));
  await expect(page.getByRole('link', { name: 'All Shipments' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/edit$/);
  await expect(page.getByRole('heading', { name: 'Edit Shipment' })).toHaveCount(0);

  await signIn('viewer');
  await page.goto('/shipments/create');
  await expect(page).not.toHaveURL(/\/shipments\/create$/);
  await expect(page.getByRole('heading', { name: 'New Shipment' })).toHaveCount(0);
});

test('a shipment created in the form goes In Progress and Completed as its tracker reports', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const { device } = await demoIds(page, session);
  const tracker = device('Pickup 06');
  // Its reports must be a drive the position filter believes: the end is a place of its own a
  // few kilometres north of where the truck is now.
  const positions = await apiGet<{ device_id: number; lat: number; lng: number }[]>(
    page,
    session,
    `/accounts/${session.accountId}/current-positions?raw=1`,
  );
  const here = positions.find((p) => p.device_id === tracker.id)!;
  const endName = uniqueName('E2E Drop');
  const drop = { lat: here.lat + 0.03, lng: here.lng };
  await apiPost(page, session, `/accounts/${session.accountId}/geofences`, {
    name: endName,
    address: 'Drop-off',
    is_irregular: 0,
    lat: drop.lat,
    lng: drop.lng,
    radius: 0.5,
  });
  const { api_token } = await apiGet<{ api_token: string }>(
    page,
    session,
    `/accounts/${session.accountId}/api-token`,
  );

  // Starting a few minutes ahead: the demo simulator's reports until then cannot begin it.
  const start = new Date(Math.ceil((Date.now() + 3 * MINUTE) / MINUTE) * MINUTE);
  await openNewShipment(page);
  const name = uniqueName('E2E Live');
  await fillGeneral(page, name, tracker.name, start);
  await choose(
    page,
    location(page, 'Start').getByRole('combobox', { name: 'Geofence' }),
    'Chicago Depot',
  );
  await choose(page, location(page, 'End').getByRole('combobox', { name: 'Geofence' }), endName);
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/shipments$/.test(new URL(r.url()).pathname),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  const { data } = (await (await created).json()) as { data: Shipment };
  expect(data.status).toBe('not-started');

  await openEditFromDetails(page, data.id);
  await expect(page.getByText('Not Started', { exact: true })).toBeVisible();

  // Reports timed after the start (and after the simulator's, which the clock then ignores
  // as older): first on the road a kilometre on, then inside the drop-off place.
  const report = async (minutes: number, lat: number, lng: number) => {
    const ingest = await page.request.post('/api/ingest/positions', {
      headers: { Authorization: `Bearer ${api_token}` },
      data: {
        positions: [
          {
            serial: tracker.serial,
            timestamp: new Date(start.getTime() + minutes * MINUTE).toISOString(),
            lat,
            lng,
            fix: 'gps',
            speed: 25,
          },
        ],
      },
    });
    expect(ingest.ok()).toBe(true);
  };
  const badge = async (label: string) =>
    expect(async () => {
      await page.reload();
      await expect(page.getByText(label, { exact: true })).toBeVisible({ timeout: 5_000 });
    }).toPass();

  await report(5, here.lat + 0.01, here.lng);
  await badge('In Progress');
  await report(6, drop.lat, drop.lng);
  await badge('Completed');
  // The edit page's position history lists the reports that moved it (25 m/s is 56 mph).
  const history = page.getByRole('table', { name: 'Position history' });
  await expect(history.getByText('56 mph').first()).toBeVisible();
  expect(
    (await apiGet<Shipment>(page, session, `/accounts/${session.accountId}/shipments/${data.id}`))
      .status,
  ).toBe('completed');
});

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`New Shipment and Edit fit a ${width}×${height} screen`, async ({ page, signIn }) => {
    await page.setViewportSize({ width, height });
    const session = await signIn('admin');
    const shipment = await shipmentByApi(page, session, uniqueName('E2E Fit'), 'Trailer 03');
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);

    await openNewShipment(page);
    await page.getByRole('button', { name: 'Save' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'Save' })).toBeInViewport();
    await expect(map(page)).toBeVisible();
    expect(await fits()).toBe(true);
    if (process.env.SHIPFORM_SHOTS)
      await page.screenshot({ path: `/tmp/shipform-create-${width}.png`, fullPage: true });

    await openEditFromDetails(page, shipment.id);
    for (const name of ['Save', 'Delete', 'End', 'Cancel']) {
      const button = page.getByRole(name === 'Cancel' ? 'link' : 'button', { name, exact: true });
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport();
    }
    expect(await fits()).toBe(true);
    if (process.env.SHIPFORM_SHOTS)
      await page.screenshot({ path: `/tmp/shipform-edit-${width}.png`, fullPage: true });
  });
}
