import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './users';

/** The demo's platform admin; it belongs to no account, so the shared sign-in does not serve it. */
export const PLATFORM_ADMIN_EMAIL = 'root@demo.test';

/**
 * Starts the page signed in as the platform admin (the token is stored before every load, as
 * the login form would) and answers the header its API calls carry.
 */
export async function signInAsPlatformAdmin(page: Page) {
  const login = await page.request.post('/api/token', {
    data: { email: PLATFORM_ADMIN_EMAIL, password: DEMO_PASSWORD },
  });
  expect(login.ok(), 'the platform admin logs in').toBe(true);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  await page.addInitScript((stored) => localStorage.setItem('waymark.token', stored), token);
  return { Authorization: `Bearer ${token}` };
}

/**
 * A customer account of the test's own (POST /admin/accounts), so that what the test adds to
 * it changes no demo account that other tests count.
 */
export async function createCustomerAccount(
  page: Page,
  auth: Record<string, string>,
  account: { title: string; is_b2b_account: boolean },
) {
  const created = await page.request.post('/api/admin/accounts', { headers: auth, data: account });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: { id: number; title: string } }).data;
}
