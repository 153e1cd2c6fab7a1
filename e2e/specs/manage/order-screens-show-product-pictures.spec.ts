import type { Locator } from '@playwright/test';
import { apiGet } from '../../support/session';
import { expect, expectSignedIn, test } from '../../support/test';

interface ApiOrder {
  id: number;
  orderItems: { product: { title: string; thumbnail: { path: string } | null } }[];
}

/** The image loaded as a picture: the browser decoded it (a web page in its place would not). */
const decoded = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test('the order and subscription screens show each product’s picture', async ({ page, signIn }) => {
  const session = await signIn('admin');
  const orders = await apiGet<ApiOrder[]>(
    page,
    session,
    `/accounts/${session.accountId}/orders?per_page=50`,
  );
  // The demo's orders all hold a tracker; orders other tests make may hold only a plan.
  let order: ApiOrder | undefined;
  let pictured: ApiOrder['orderItems'][number] | undefined;
  for (const { id } of orders) {
    order = await apiGet<ApiOrder>(page, session, `/orders/${id}`);
    pictured = order.orderItems.find((i) => i.product.thumbnail);
    if (pictured) break;
  }
  if (!order || !pictured) throw new Error('No order of the demo account has a pictured product');

  // The picture's path answers an image, not the web page.
  const file = await page.request.get(pictured.product.thumbnail!.path);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toMatch(/^image\//);

  await page.goto(`/manage/orders/${order.id}`);
  await expectSignedIn(page, 'admin');
  const image = page
    .getByRole('row')
    .filter({ hasText: pictured.product.title })
    .getByRole('img', { name: pictured.product.title });
  await expect(image).toBeVisible();
  await expect.poll(() => decoded(image)).toBe(true);

  // A subscription's tracker shows its model's picture too.
  const subscriptions = await apiGet<{ id: number; devices: { model: { name: string } }[] }[]>(
    page,
    session,
    `/accounts/${session.accountId}/subscriptions?per_page=50&include=devices`,
  );
  const mobile = subscriptions.find((s) => s.devices[0]?.model.name === 'Mobile 200');
  if (!mobile) throw new Error('The demo account has no Mobile 200 subscription');
  await page.goto(`/manage/subscriptions/${mobile.id}`);
  const picture = page.getByLabel('Device', { exact: true }).getByRole('img', {
    name: 'Mobile 200',
  });
  await expect(picture).toBeVisible();
  await expect.poll(() => decoded(picture)).toBe(true);
});
