import { expect, expectSignedIn, test } from '../../support/test';

/**
 * Spec 002 §2.8: the common confirmation opens by name through the modal queue. Deleting a
 * Scout conversation asks through it: Cancel keeps the conversation, Delete removes it with
 * the success toast.
 */
test('deleting a Scout conversation asks through the common confirmation', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  const scout = page.getByRole('region', { name: 'Scout' });
  await scout.getByRole('textbox', { name: 'Message Scout' }).fill('How many trackers are moving?');
  await scout.getByRole('textbox', { name: 'Message Scout' }).press('Enter');
  await expect(scout.getByTestId('scout-answer').last()).toBeVisible();

  const deleteButton = scout.getByRole('button', { name: /^Delete / }).first();
  await deleteButton.click();
  const modal = page.getByRole('dialog', { name: 'Delete Conversation' });
  await expect(modal.getByText('Are you sure you want to delete this dialog?')).toBeVisible();
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toHaveCount(0);
  await expect(scout.getByTestId('scout-question')).toHaveText('How many trackers are moving?');

  await deleteButton.click();
  await modal.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Dialog deleted successfully')).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(scout.getByTestId('scout-question')).toHaveCount(0);
});
