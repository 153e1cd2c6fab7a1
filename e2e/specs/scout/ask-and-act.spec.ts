import { expect, expectSignedIn, test } from '../../support/test';

test('Scout answers which devices have not moved in 24 hours, and its action narrows the list', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  await expect(page.getByTestId('tracker-count')).toHaveText('60 trackers');
  const scout = page.getByRole('region', { name: 'Scout' });

  await scout.getByRole('button', { name: 'New Chat' }).click();
  await scout.getByRole('button', { name: 'Which devices have not moved in 24 hours?' }).click();
  // Sending in a new chat opens the conversation it made.
  await expect(scout.getByTestId('scout-question')).toHaveText(
    'Which devices have not moved in 24 hours?',
  );
  const answer = scout.getByTestId('scout-answer').last();
  await expect(answer).toContainText('not moved');
  // The steps that read the data are folded under 'Thought for …'.
  await expect(scout.getByTestId('scout-thought').first()).toContainText('Thought for');

  const filter = answer.getByRole('button', {
    name: /^Show (this tracker|these \d+ trackers) in the list$/,
  });
  const label = (await filter.textContent()) ?? '';
  const count = Number(/these (\d+)/.exec(label)?.[1] ?? 1);
  expect(count).toBeLessThan(60);
  await filter.click();
  await expect(page.getByTestId('tracker-count')).toHaveText(
    `${count} ${count === 1 ? 'tracker' : 'trackers'}`,
  );
  await page.getByRole('button', { name: 'Reset Filter applied by Scout' }).click();
  await expect(page.getByTestId('tracker-count')).toHaveText('60 trackers');
});

test('Scout draws the area around a tracker, saved as a geofence', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/trackers');
  await expectSignedIn(page, 'admin');
  const scout = page.getByRole('region', { name: 'Scout' });
  const input = scout.getByRole('textbox', { name: 'Message Scout' });
  await input.fill('Draw the area around Truck 07');
  await input.press('Enter');

  const draw = scout
    .getByTestId('scout-answer')
    .getByRole('button', { name: 'Draw the area around Truck 07' });
  await draw.click();
  const map = page.getByTestId('fleet-map');
  await expect(map).toHaveAttribute('data-scout-polygons', '1');
  const area = page.getByRole('region', { name: 'Area drawn by Scout' });
  await expect(area).toContainText('Around Truck 07');

  await area.getByRole('link', { name: 'Save as a Geofence' }).click();
  await expect(page).toHaveURL(/\/geofences\/create\?/);
  await expect(page.getByRole('combobox', { name: 'Address' })).toHaveValue('Around Truck 07');
  await expect(page.getByTestId('fleet-map')).toHaveAttribute('data-geofences', '1');
  const name = `Scout yard ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
});
