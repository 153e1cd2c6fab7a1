import { apiGet, apiPost, uniqueName } from '../../support/session';
import { expect, test } from '../../support/test';

interface Tracker {
  id: number;
  name: string;
}

test('a tracker leaves a group through its row menu', async ({ page, signIn }) => {
  const session = await signIn('admin');
  const trackers = await apiGet<Tracker[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  const [first, second] = trackers.filter((t) => t.name.startsWith('Van '));
  if (!first || !second) throw new Error('The demo fleet has fewer than two vans');
  const name = uniqueName('Removal');
  const group = await apiPost<{ id: number }>(
    page,
    session,
    `/accounts/${session.accountId}/groups`,
    { name, device_ids: [first.id, second.id] },
  );

  await page.goto(`/groups/${group.id}`);
  const members = page.getByRole('list', { name: 'Group trackers' });
  await expect(members.getByRole('listitem')).toHaveCount(2);
  await members.getByRole('button', { name: `Actions for ${first.name}` }).click();
  await page.getByRole('menuitem', { name: 'Remove from group' }).click();
  await expect(page.getByText('Successfully removed!')).toBeVisible();
  await expect(members.getByRole('listitem')).toHaveCount(1);
  await expect(members.getByRole('listitem', { name: first.name })).toHaveCount(0);

  // A member opens its details, whose back link returns to the group by name.
  await members.getByRole('listitem', { name: second.name }).click();
  await expect(page).toHaveURL(new RegExp(`/trackers/${second.id}$`));
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}$`));

  // The back button leads to the list, where the group now counts one tracker.
  await page.getByRole('button', { name }).click();
  await expect(page).toHaveURL(/\/groups$/);
  const row = page.getByRole('list', { name: 'Groups' }).getByRole('listitem', { name });
  await expect(row.getByText('1 tracker', { exact: true })).toBeVisible();
});
