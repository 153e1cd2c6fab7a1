import { expect, type Page } from '@playwright/test';

/** A demo user's bearer token and the account the app opens for them. */
export interface Session {
  token: string;
  accountId: number;
}

export async function apiGet<T>(page: Page, session: Session, path: string): Promise<T> {
  const response = await page.request.get(`/api${path}`, {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(response.ok(), `GET ${path}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

export async function apiPost<T>(
  page: Page,
  session: Session,
  path: string,
  data: unknown,
): Promise<T> {
  const response = await page.request.post(`/api${path}`, {
    headers: { Authorization: `Bearer ${session.token}` },
    data,
  });
  expect(response.ok(), `POST ${path}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A name no other test run on the same server uses. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The id of one of the session user's accounts, by its title. */
export async function accountIdByTitle(page: Page, session: Session, title: string) {
  const me = await apiGet<{ accounts: { id: number; title: string }[] }>(page, session, '/me');
  const account = me.accounts.find((a) => a.title === title);
  expect(account, `account ${title}`).toBeDefined();
  return account!.id;
}
