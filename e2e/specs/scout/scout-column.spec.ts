import { expect, expectSignedIn, test } from '../../support/test';

test("Scout's column opens by default, resizes into the cookie, closes and comes back fresh", async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  const scout = page.getByRole('region', { name: 'Scout' });
  // Spec 001 §2: open by default for users who may use AI, on its home tab, whose insights
  // are the account's own (issue 38).
  const insights = scout.getByRole('group', { name: 'Insights' });
  await expect(insights.getByText('Which trackers are moving right now?')).toBeVisible();
  // Issue 35.25: it greets the signed-in user (Alex Admin), not a sample name.
  await expect(
    scout.getByRole('heading', { name: 'Hi Alex, here is what stands out today' }),
  ).toBeVisible();
  await expect(insights.getByText(/ drove the most yesterday: [\d.,]+ mi$/)).toBeVisible();

  const handle = page.getByRole('separator', { name: 'Resize the Scout column' });
  await expect(handle).toHaveAttribute('aria-valuenow', '33');
  await handle.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(handle).toHaveAttribute('aria-valuenow', '37');
  await page.reload();
  await expect(page.getByRole('separator', { name: 'Resize the Scout column' })).toHaveAttribute(
    'aria-valuenow',
    '37',
  );
  // The list keeps its own width beside it.
  await expect(page.getByRole('separator', { name: 'Resize the trackers list' })).toHaveAttribute(
    'aria-valuenow',
    '33',
  );

  await scout.getByRole('button', { name: 'New Chat' }).click();
  await expect(scout.getByRole('heading', { name: 'New Conversation' })).toBeVisible();
  await expect(
    scout.getByRole('button', { name: 'Which devices have not moved in 24 hours?' }),
  ).toBeVisible();
  await expect(
    scout.getByRole('button', { name: 'Which devices are outside a geofence?' }),
  ).toBeVisible();
  // The model selector is for those who may manage AiModel only.
  await expect(scout.getByLabel('Model')).toHaveCount(0);

  // Closing resets the chat: it opens again on the home tab.
  await scout.getByRole('button', { name: 'Close Scout' }).click();
  await expect(scout).toHaveCount(0);
  await page.getByRole('button', { name: 'Ask Scout' }).click();
  await expect(insights.getByText('Which trackers are moving right now?')).toBeVisible();
  await expect(scout.getByRole('heading', { name: 'New Conversation' })).toHaveCount(0);
});

test('below 768 px Scout is the third column of the switch', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  const column = page.getByRole('radiogroup', { name: 'Column' });
  await column.getByText('Scout').click();
  await expect(page.getByRole('region', { name: 'Scout' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Trackers' })).toHaveCount(0);
  await column.getByText('List').click();
  await expect(page.getByRole('list', { name: 'Trackers' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Scout' })).toBeHidden();
  // 'Ask Scout' goes to the chat as well.
  await column.getByText('Map').click();
  await page.getByRole('button', { name: 'Ask Scout' }).click();
  await expect(page.getByRole('region', { name: 'Scout' })).toBeVisible();
});

test('a user who may not use AI has no Scout', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await signIn('viewer');
  await page.goto('/trackers');
  await expectSignedIn(page, 'viewer');
  await expect(page.getByRole('list', { name: 'Trackers' })).toBeVisible();
  const column = page.getByRole('radiogroup', { name: 'Column' });
  await expect(column.getByText('Map')).toBeVisible();
  await expect(column.getByText('Scout')).toHaveCount(0);
  await column.getByText('Map').click();
  await expect(page.getByRole('toolbar', { name: 'Trackers toolbar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ask Scout' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Scout' })).toHaveCount(0);
});
