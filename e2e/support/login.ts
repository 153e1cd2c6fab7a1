import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from './users';

/**
 * Logs in through the login form, as a person would. Only the tests of logging in use it;
 * the others start signed in (`signIn` in support/test.ts).
 */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Opens the account dropdown (the button with the user's name). */
export async function openAccountMenu(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
}
