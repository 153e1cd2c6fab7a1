import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

/** Logs in through the login form, as a person would. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Logs in and waits until the app shell shows the signed-in user's menu. */
export async function logInAs(page: Page, email: string, name: string) {
  await logIn(page, email);
  await expect(page.getByRole('button', { name })).toBeVisible();
}

/** Opens the account dropdown (the button with the user's name). */
export async function openAccountMenu(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
}
