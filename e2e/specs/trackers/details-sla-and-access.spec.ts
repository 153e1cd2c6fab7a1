import { apiGet } from '../../support/session';
import { expect, test } from '../../support/test';

interface Triggers {
  min_temperature: number | null;
  max_temperature: number | null;
  min_humidity: number | null;
  max_humidity: number | null;
}

test('an admin sets temperature SLAs in Fahrenheit and lets the viewer see the tracker', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const trackers = await apiGet<{ id: number; name: string; model_title: string }[]>(
    page,
    session,
    `/accounts/${session.accountId}/device-list`,
  );
  // Pickup 12 is a Reefer Sensor: a model with temperature and humidity sensors.
  const tracker = trackers.find((t) => t.name === 'Pickup 12')!;
  expect(tracker.model_title).toBe('Reefer Sensor');

  await page.goto(`/trackers/${tracker.id}`);
  await expect(page.getByRole('heading', { name: 'Pickup 12' })).toBeVisible();

  // SLAs: entered in °F, stored in °C; a blank bound stays off.
  await page.getByRole('button', { name: 'Temperature and Humidity SLAs' }).click();
  const minTemperature = page.getByLabel('Min temperature (°F)');
  const maxTemperature = page.getByLabel('Max temperature (°F)');
  await expect(minTemperature).toHaveAttribute('placeholder', '-999');
  await expect(page.getByLabel('Max humidity (%)')).toHaveAttribute('placeholder', '100');
  await minTemperature.fill('32');
  await maxTemperature.fill('46.4');
  await page.getByLabel('Max humidity (%)').fill('');
  await page.getByRole('button', { name: 'Save SLAs' }).click();
  await expect(page.getByText('Temperature and humidity SLAs updated')).toBeVisible();
  const triggers = await apiGet<Triggers>(page, session, `/devices/${tracker.id}/triggers`);
  expect(triggers.min_temperature).toBeCloseTo(0, 5);
  expect(triggers.max_temperature).toBeCloseTo(8, 5);
  expect(triggers.max_humidity).toBeNull();
  await page.reload();
  await page.getByRole('button', { name: 'Temperature and Humidity SLAs' }).click();
  await expect(page.getByLabel('Max temperature (°F)')).toHaveValue('46.4');

  // Access: offered are the users who do not see every tracker anyway (the limited viewer).
  // The viewer's other tests pick trackers by name from the start of the list, not this one.
  await page.getByRole('button', { name: 'Access' }).click();
  const save = page.getByRole('button', { name: 'Save access' });
  await expect(save).toBeDisabled();
  // Chosen by typing and the keyboard, as the option list may open below the fold.
  const users = page.getByRole('combobox', { name: 'Users who may see this tracker' });
  await users.click();
  await users.fill('Vic');
  await expect(page.getByRole('option', { name: 'Vic Viewer' })).toHaveCount(1);
  await users.press('ArrowDown');
  await users.press('Enter');
  // The option list stays open after a choice and may cover the button: close it, as a user
  // clicking away would.
  await users.press('Escape');
  await expect(page.getByRole('option', { name: 'Vic Viewer' })).toHaveCount(0);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Device permissions were updated successfully.')).toBeVisible();
  const meta = await apiGet<{ users: { id: number; name: string }[] }>(
    page,
    session,
    `/accounts/${session.accountId}/devices/${tracker.id}/meta`,
  );
  expect(meta.users.map((u) => u.name)).toContain('Vic Viewer');
});
