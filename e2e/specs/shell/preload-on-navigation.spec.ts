import { expect, expectSignedIn, test } from '../../support/test';

/**
 * Spec 002 §2.2: moving to a screen asks for its data as the navigation starts, before the
 * screen's code has arrived; without the preload the data would be asked for only once the
 * screen's code had arrived and mounted.
 */
test('moving to Shipments and Reports asks for their lists before their screens load', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  const order: string[] = [];
  const shipmentQueries: URLSearchParams[] = [];
  // The screen's code counts once it has arrived; its data once it is asked for.
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    const screen = /\/assets\/(ShipmentListPage|ReportListPage)-[^/]*\.js$/.exec(path);
    if (screen) order.push(`code ${screen[1]}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    const data = new RegExp(`^/api/accounts/${session.accountId}/(shipments|reports)$`).exec(
      url.pathname,
    );
    if (data) order.push(`data ${data[1]}`);
    if (data?.[1] === 'shipments') shipmentQueries.push(url.searchParams);
  });

  await page.getByRole('link', { name: 'Shipments', exact: true }).first().click();
  await expect(page).toHaveURL(/\/shipments$/);
  await expect.poll(() => order).toContain('code ShipmentListPage');
  await expect.poll(() => order).toContain('data shipments');
  expect(order.indexOf('data shipments')).toBeLessThan(order.indexOf('code ShipmentListPage'));
  // The window of spec 002 §9: 15 days back to 15 days ahead.
  const first = shipmentQueries[0]!;
  const days =
    (Date.parse(first.get('date_to') ?? '') - Date.parse(first.get('date_from') ?? '')) /
    86_400_000;
  expect(Math.round(days)).toBe(31);

  await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect.poll(() => order).toContain('code ReportListPage');
  await expect.poll(() => order).toContain('data reports');
  expect(order.indexOf('data reports')).toBeLessThan(order.indexOf('code ReportListPage'));
  // The screen used the preloaded answer rather than asking again.
  expect(order.filter((entry) => entry === 'data reports')).toHaveLength(1);
});
