import type { Page } from '@playwright/test';
import { openCalendarOnDay } from '../../support/date-picker';
import { createShipment, deleteShipment, getShipment } from '../../support/shipments';
import { expect, test } from '../../support/test';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Opens a date-time input, picks `date`'s day on its calendar and types the time. */
async function pickDayTypeTime(
  page: Page,
  label: string,
  date: Date,
  hours: string,
  minutes: string,
) {
  const day = await openCalendarOnDay(page, label, date);
  await day.click();
  // As a person does: a click into the box (the caret lands where the click was), then the
  // digits; the box moves on to the minutes by itself after two.
  await page.getByLabel('Hours', { exact: true }).click();
  await page.keyboard.type(hours, { delay: 80 });
  await expect(page.getByLabel('Minutes', { exact: true })).toBeFocused();
  await page.keyboard.type(minutes, { delay: 80 });
  await page.getByRole('button', { name: 'Apply date' }).click();
}

test('a shipment saved after picking a day and typing 19:30 starts at 19:30', async ({
  page,
  signIn,
}) => {
  const session = await signIn('admin');
  const now = Date.now();
  const shipment = await createShipment(page, session, {
    start_at: new Date(now + 2 * HOUR),
    end_at: new Date(now + 10 * DAY),
  });
  await page.goto(`/shipments/${shipment.id}`);
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Shipment' })).toBeVisible();

  const day = new Date(now + 3 * DAY);
  await pickDayTypeTime(page, 'Start date', day, '19', '30');
  const mm = String(day.getMonth() + 1).padStart(2, '0');
  const dd = String(day.getDate()).padStart(2, '0');
  await expect(page.getByRole('button', { name: 'Start date', exact: true })).toHaveText(
    `${mm}/${dd}/${day.getFullYear()} @ 7:30 PM`,
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully!')).toBeVisible();

  const stored = await getShipment(page, session, shipment.id);
  // On the browser's clocks, as the form showed it.
  const local = await page.evaluate((iso) => {
    const d = new Date(iso);
    return [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()];
  }, stored.start_at);
  expect(local).toEqual([day.getFullYear(), day.getMonth(), day.getDate(), 19, 30]);
  await deleteShipment(page, session, shipment.id);
});

test('the range picker reads a typed time after a picked day the same way', async ({
  page,
  signIn,
}) => {
  await signIn('admin');
  await page.goto('/reports');
  const picker = page.getByRole('button', { name: 'Date range' });
  await picker.click();
  const day = new Date(Date.now() - 2 * DAY);
  const utcDay = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  // The reports picker shows UTC clocks: its days are UTC days.
  await pickDayTypeTime(
    page,
    'Start (UTC)',
    new Date(utcDay.getUTCFullYear(), utcDay.getUTCMonth(), utcDay.getUTCDate()),
    '07',
    '15',
  );
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  const mm = String(utcDay.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(utcDay.getUTCDate()).padStart(2, '0');
  await expect(picker).toContainText(`${mm}/${dd}/${utcDay.getUTCFullYear()} @ 7:15 AM –`);
});
