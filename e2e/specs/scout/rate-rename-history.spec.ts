import { expect, expectSignedIn, test } from '../../support/test';

test('an answer is rated, the conversation renamed and found again in History', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  const scout = page.getByRole('region', { name: 'Scout' });
  const input = scout.getByRole('textbox', { name: 'Message Scout' });
  // Enter sends only text that is not blank.
  await input.fill('   ');
  await input.press('Enter');
  await expect(scout.getByTestId('scout-question')).toHaveCount(0);
  await input.fill('Which trackers are low on battery?');
  await input.press('Enter');
  const answer = scout.getByTestId('scout-answer').last();
  await expect(answer).toBeVisible();

  // Good, and good again takes it back.
  const good = answer.getByRole('button', { name: 'Good answer' });
  const bad = answer.getByRole('button', { name: 'Bad answer' });
  await good.click();
  await expect(good).toHaveAttribute('aria-pressed', 'true');
  await good.click();
  await expect(good).toHaveAttribute('aria-pressed', 'false');
  // Bad asks for an optional comment first.
  await bad.click();
  await answer.getByLabel('What was wrong with this answer? (optional)').fill('Too long');
  await answer.getByRole('button', { name: 'Submit' }).click();
  await expect(bad).toHaveAttribute('aria-pressed', 'true');

  // Rename: an empty title keeps the old one; a new one is saved.
  const title = `Battery check ${Date.now().toString(36)}`;
  const rename = page.getByRole('dialog', { name: 'Rename Conversation' });
  await scout.getByRole('button', { name: /^Rename / }).click();
  await rename.getByRole('textbox', { name: 'Conversation title' }).fill('');
  await expect(rename.getByRole('button', { name: 'Save title' })).toBeDisabled();
  await rename.getByRole('button', { name: 'Cancel' }).click();
  await expect(rename).toHaveCount(0);
  await scout.getByRole('button', { name: /^Rename / }).click();
  await rename.getByRole('textbox', { name: 'Conversation title' }).fill(title);
  await rename.getByRole('button', { name: 'Save title' }).click();
  await expect(rename).toHaveCount(0);
  await expect(scout.getByText(title)).toBeVisible();

  await scout.getByRole('button', { name: 'History' }).click();
  await expect(scout.getByRole('heading', { name: 'Conversation History' })).toBeVisible();
  await scout.getByRole('textbox', { name: 'Search conversations' }).fill(title);
  const conversations = scout.getByRole('list', { name: 'Conversations' });
  const found = conversations.getByRole('listitem');
  await expect(found).toHaveCount(1);
  await expect(conversations).toContainText('Today');
  await found.getByRole('button', { name: title, exact: true }).click();
  // The conversation opens with its answer still rated bad.
  await expect(scout.getByTestId('scout-question')).toHaveText(
    'Which trackers are low on battery?',
  );
  await expect(
    scout.getByTestId('scout-answer').last().getByRole('button', { name: 'Bad answer' }),
  ).toHaveAttribute('aria-pressed', 'true');
});
