import { expect, type Page } from '@playwright/test';
import { MONTHS } from './shipments';

/**
 * Opens the date-time input labelled `label` and pages its calendar to `date`'s month, as a
 * person does; returns that day's button. The calendar is waited for before its days are
 * looked for: asked while the popover was still opening, the day read as hidden and the loop
 * paged past its month.
 */
export async function openCalendarOnDay(page: Page, label: string, date: Date) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const towards = date > new Date() ? 'Next month' : 'Previous month';
  await expect(page.getByRole('button', { name: towards })).toBeVisible();
  const day = page.getByRole('button', {
    name: `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`,
    exact: true,
  });
  for (let months = 0; months < 2 && !(await day.isVisible()); months++) {
    await page.getByRole('button', { name: towards }).click();
  }
  return day;
}
