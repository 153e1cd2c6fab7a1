import type { Page } from '@playwright/test';
import { expect, expectSignedIn, test } from '../../support/test';

/** Fills the sandbox provider's hosted card form (the iframe of the card modals). */
async function fillCard(page: Page, number: string) {
  const card = page.frameLocator('iframe[title="Card details"]');
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
}

test('an admin adds a card through the hosted card form and sees it as a tile', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/manage/payment');
  await expectSignedIn(page, 'admin');

  await page.getByRole('button', { name: 'Add New' }).click();
  const modal = page.getByRole('dialog', { name: 'New Payment Method' });
  await fillCard(page, '4242 4242 4242 4242');
  await modal.getByRole('button', { name: 'Save Card' }).click();
  await expect(page.getByText('Payment method has been added successfully')).toBeVisible();
  await expect(modal).toBeHidden();

  // The demo's saved Visa 4242 expires in 2029: the new tile is the one expiring 12/2034.
  const tile = page.getByLabel('Visa ending in 4242').filter({ hasText: 'Expires 12/2034' });
  await expect(tile).toBeVisible();
  // Every card is either the default or can be made it.
  await expect(tile.getByText(/^(Default|Set default)$/)).toBeVisible();
});

test('a declined card is not saved: the form says why and no tile appears', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/manage/payment');
  await expectSignedIn(page, 'admin');
  // The test beside this one may add a card to the same account meanwhile: what this one
  // checks is that no card ending in 0002 appears.
  const tiles = page.locator('div[aria-label*=" ending in "]');
  await expect(tiles.first()).toBeVisible();

  await page.getByRole('button', { name: 'Add New' }).click();
  const modal = page.getByRole('dialog', { name: 'New Payment Method' });
  await fillCard(page, '4000 0000 0000 0002');
  await modal.getByRole('button', { name: 'Save Card' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page.getByText('Payment method has been added successfully')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();

  await page.reload();
  await expect(tiles.first()).toBeVisible();
  await expect(page.locator('div[aria-label="Visa ending in 0002"]')).toHaveCount(0);
});

// Demo Startup's cards: no other test pays with them, so its default may change here.
test('deleting a card asks first, the default one too, and says it is done', async ({
  page,
  signIn,
}) => {
  await signIn('newcomer');
  await page.goto('/manage/payment');
  await expectSignedIn(page, 'newcomer');
  await page.getByRole('button', { name: 'Add New' }).click();
  const modal = page.getByRole('dialog', { name: 'New Payment Method' });
  await fillCard(page, '5555 5555 5555 4444');
  await modal.getByRole('button', { name: 'Save Card' }).click();
  await expect(page.getByText('Payment method has been added successfully')).toBeVisible();

  const tiles = page.locator('div[aria-label*=" ending in "]');
  const defaultTile = tiles.filter({ has: page.getByText('Default', { exact: true }) });
  await expect(defaultTile).toHaveCount(1);
  const defaultName = (await defaultTile.getAttribute('aria-label'))!;
  const count = await tiles.count();

  const confirm = page.getByRole('dialog', { name: 'Delete Payment Method' });
  await defaultTile.getByRole('button', { name: `Delete ${defaultName}` }).click();
  await expect(confirm.getByText(`Delete ${defaultName}? It is the default card`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(tiles).toHaveCount(count);

  await defaultTile.getByRole('button', { name: `Delete ${defaultName}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Payment method has been deleted')).toBeVisible();
  await expect(tiles).toHaveCount(count - 1);
  // Another card is the default now.
  await expect(tiles.filter({ has: page.getByText('Default', { exact: true }) })).toHaveCount(1);
});
