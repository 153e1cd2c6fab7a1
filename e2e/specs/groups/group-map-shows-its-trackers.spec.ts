import { apiGet } from '../../support/session';
import { fleetMap, mapStat, waitForFrames } from '../../support/map';
import { expect, test } from '../../support/test';

interface Group {
  id: number;
  name: string;
  devices: { id: number; current_position: { lat: number } | null }[];
}

test("group details frame the group's trackers on its map", async ({ page, signIn }) => {
  const session = await signIn('manager');
  const groups = await apiGet<Group[]>(page, session, `/accounts/${session.accountId}/groups`);
  const group = groups.find((g) => g.name === 'Cold Chain')!;
  const placed = group.devices.filter((d) => d.current_position !== null).length;
  expect(placed).toBeGreaterThan(1);

  await page.goto('/groups');
  await page
    .getByRole('list', { name: 'Groups' })
    .getByRole('listitem', { name: 'Cold Chain' })
    .getByText('Cold Chain', { exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}$`));
  await expect(fleetMap(page)).toHaveAttribute('data-ready', 'true');
  await waitForFrames(page, 1);
  // Every tracker of the group on screen (clustered ones counted), with room around them.
  await expect.poll(() => mapStat(page, 'trackers')).toBe(placed);
  await expect(fleetMap(page)).toHaveAttribute('data-frame-inside', '1');
});
