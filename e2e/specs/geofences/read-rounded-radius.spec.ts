import type { APIRequestContext } from '@playwright/test';
import { uniqueName, type Session } from '../../support/session';
import { expect, test } from '../../support/test';

/** A circle geofence made through the API with the radius a drawn circle can have. */
async function circleGeofence(request: APIRequestContext, admin: Session, radius: number) {
  const headers = { Authorization: `Bearer ${admin.token}` };
  const name = uniqueName(`E2E Circle ${radius}`);
  const created = await request.post(`/api/accounts/${admin.accountId}/geofences`, {
    headers,
    data: { name, address: 'Springfield, IL, US', is_irregular: 0, lat: 39.8, lng: -89.64, radius },
  });
  expect(created.ok()).toBe(true);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  return {
    id,
    name,
    remove: () => request.delete(`/api/accounts/${admin.accountId}/geofences/${id}`, { headers }),
  };
}

test('geofence details show the radius rounded as a person reads it', async ({
  page,
  signIn,
  request,
}) => {
  const admin = await signIn('admin');
  await page.goto('/geofences');
  await page.getByRole('link', { name: 'Chicago Depot' }).click();
  await expect(page.getByRole('heading', { name: 'Chicago Depot' })).toBeVisible();
  await expect(page.getByText('Circle of 1.5 km', { exact: true })).toBeVisible();

  // The circle: 227.7907 km reads as whole kilometres, a small one in metres.
  const large = await circleGeofence(request, admin, 227.7907);
  const small = await circleGeofence(request, admin, 0.2279);
  try {
    await page.goto(`/geofences/${large.id}`);
    await expect(page.getByRole('heading', { name: large.name })).toBeVisible();
    await expect(page.getByText('Circle of 228 km', { exact: true })).toBeVisible();

    await page.goto(`/geofences/${small.id}`);
    await expect(page.getByRole('heading', { name: small.name })).toBeVisible();
    await expect(page.getByText('Circle of 228 m', { exact: true })).toBeVisible();
  } finally {
    await large.remove();
    await small.remove();
  }
});
