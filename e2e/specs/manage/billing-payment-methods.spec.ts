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
