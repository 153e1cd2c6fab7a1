import { apiGet } from '../../support/session';
import { expect, test } from '../../support/test';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the tracker details toolbar fits one row, the range readable in full', async ({
  page,
  signIn,
}) => {
  // Alex Admin in Demo Home, the consumer account: Casey's login is not used, as the account
  // settings test renames Casey and changes the password while this one runs.
  const session = await signIn('admin', { account: 'Demo Home' });
  const trackers = await apiGet<{ id: number; name: string }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  const car = trackers.find((t) => t.name === 'Family car')!;
  await page.goto(`/trackers/${car.id}`);
  await expect(page.getByRole('heading', { name: 'Family car' })).toBeVisible();

  const refresh = page.getByRole('button', { name: 'Refresh' });
  const range = page.getByRole('button', { name: 'Date range' });
  const more = page.getByRole('button', { name: 'More actions' });
  const boxes = await Promise.all([refresh, range, more].map((b) => b.boundingBox()));
  for (const box of boxes) {
    expect(box).not.toBeNull();
    // On the screen, and on the row of the first one.
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(Math.abs(box!.y + box!.height / 2 - (boxes[0]!.y + boxes[0]!.height / 2))).toBeLessThan(
      4,
    );
  }
  // The compact label is whole: its text is not cut off inside the button.
  // What the user reads (the full label is there too, hidden until the sm breakpoint).
  await expect
    .poll(() => range.innerText())
    .toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M$/);
  const clipped = await range.evaluate((button) =>
    Array.from(button.querySelectorAll('span')).some(
      (span) => span.offsetWidth > 0 && span.scrollWidth > span.clientWidth,
    ),
  );
  expect(clipped).toBe(false);

  // Auto-refresh and the downloads wait in the menu.
  await more.click();
  await expect(page.getByRole('menuitem', { name: 'Auto-refresh Off' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Download stops' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Download these points' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Auto-refresh Off' }).click();
  await more.click();
  await expect(page.getByRole('menuitem', { name: 'Auto-refresh On' })).toBeVisible();
});
