import { apiPost, uniqueName } from '../../support/session';
import { expect, test } from '../../support/test';

/**
 * Issue 35.12: a geofence's details opened by its address (a link, a reload) and deleted there
 * land on the geofence list under the toast, not on the 404 page.
 */
test('deleting a geofence from details opened by URL lands on the geofence list', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const name = uniqueName('E2E Gone');
  const created = await apiPost<{ id: number }>(
    page,
    session,
    `/accounts/${session.accountId}/geofences`,
    { name, address: 'Nowhere in particular', is_irregular: 0, lat: 41.88, lng: -87.63, radius: 2 },
  );

  await page.goto(`/geofences/${created.id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Successfully deleted!')).toBeVisible();
  await expect(page).toHaveURL(/\/geofences$/);
  await expect(page.getByRole('textbox', { name: 'Search Geofences' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search Geofences' }).fill(name);
  await expect(page.getByText('No geofences found')).toBeVisible();
  await expect(page).toHaveURL(/\/geofences$/);
});
