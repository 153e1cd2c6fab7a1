import { layoutFaults, screenLoaded } from '../../support/overflow';
import { DEMO_GT06_PORT } from '../../support/servers';
import { expect, test } from '../../support/test';

/**
 * Issue 41: an account admin opens the device setup guide from the trackers list, picks a
 * model and reads the host, the port its listener really listens on (the demo installation's
 * GT06 listener runs on DEMO_GT06_PORT) and a command filled in with both, then copies it.
 */
test('an account admin reads the host, port and SMS commands of a model and copies one', async ({
  page,
  context,
  baseURL,
  signIn,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signIn('admin');
  await page.goto('/trackers');
  await page
    .getByRole('toolbar', { name: 'Trackers toolbar' })
    .getByRole('link', { name: 'Device setup' })
    .click();
  await expect(page.getByRole('heading', { name: 'Device setup' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Model' }).click();
  await page.getByRole('option', { name: 'Mobile 200 (ll02)' }).click();

  const guide = page.getByRole('region', { name: 'Setup of Mobile 200' });
  await expect(guide.getByRole('heading', { name: /^Concox GT06/ })).toBeVisible();
  const where = guide.getByRole('table', { name: 'Where units report' });
  await expect(where.getByRole('row', { name: /^Host/ })).toContainText('localhost');
  await expect(where.getByRole('row', { name: /^Port \(TCP\)/ })).toContainText(
    String(DEMO_GT06_PORT),
  );
  await expect(where.getByRole('row', { name: /^Transport/ })).toContainText('TCP');
  // Units on the mobile network cannot reach the test's localhost: the guide says so.
  await expect(guide.getByRole('alert')).toContainText('set DEVICE_HOST');

  const command = `SERVER,1,localhost,${DEMO_GT06_PORT},0#`;
  const server = guide.getByRole('region', { name: 'Server and port' });
  await expect(server).toContainText(command);
  await expect(server).toContainText('SMS');
  await server.getByRole('button', { name: 'Copy Server and port' }).click();
  await expect(server.getByRole('button', { name: 'Copy Server and port' })).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);
  await expect(guide.getByRole('region', { name: 'APN' })).toContainText('APN,<apn>#');
});

test('the guide of a two-transport model fits a phone without sideways scrolling', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn('admin');
  await page.goto('/device-setup');
  await page.getByRole('combobox', { name: 'Model' }).click();
  await page.getByRole('option', { name: 'Fleet Tracker FMB920 (fmb920)' }).click();
  const guide = page.getByRole('region', { name: 'Setup of Fleet Tracker FMB920' });
  await expect(guide.getByRole('row', { name: /^Port \(UDP\)/ })).toBeVisible();
  await expect(guide.getByRole('row', { name: /^Transport/ })).toContainText('TCP or UDP');
  await expect(guide.getByRole('region', { name: 'Server, port, TCP' })).toContainText(
    'setparam 2004:localhost;2005:',
  );
  await screenLoaded(page);
  expect(await layoutFaults(page)).toEqual([]);
});

test('every demo model shows a guide with a port its units can use', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/device-setup');
  const picker = page.getByRole('combobox', { name: 'Model' });
  const titles = [
    'Mobile 200',
    'Car Charger',
    'Fleet Tracker FMB920',
    'Reefer Sensor',
    'Traccar Client',
  ];
  for (const title of titles) {
    await picker.click();
    await page.getByRole('option', { name: new RegExp(`^${title} \\(`) }).click();
    const guide = page.getByRole('region', { name: `Setup of ${title}` });
    await expect(guide.getByRole('row', { name: /^Port/ }).first()).toContainText(/\d+/);
    await expect(guide.getByText('Not listening')).toHaveCount(0);
    await expect(guide.getByRole('listitem').first()).toContainText(title);
  }
});

test('a viewer is not offered the guide and is sent back from its address', async ({
  page,
  signIn,
}) => {
  await signIn('viewer');
  await page.goto('/trackers');
  const toolbar = page.getByRole('toolbar', { name: 'Trackers toolbar' });
  await expect(toolbar.getByRole('button', { name: 'Refresh' })).toBeVisible();
  await expect(toolbar.getByRole('link', { name: 'Device setup' })).toHaveCount(0);

  await page.goto('/device-setup');
  await expect(page.getByText('You do not have permission to open this page')).toBeVisible();
  await expect(page).not.toHaveURL(/device-setup/);
  await expect(page.getByRole('heading', { name: 'Device setup' })).toHaveCount(0);
});
