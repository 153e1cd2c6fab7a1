import { expect, type Page } from '@playwright/test';

export interface Session {
  token: string;
  accountId: number;
}

/** The signed-in browser's token and account, to prepare data through the API. */
export async function browserSession(page: Page): Promise<Session> {
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('waymark.token'),
    account: localStorage.getItem('waymark.account'),
  }));
  if (!stored.token || !stored.account) throw new Error('No session stored after logging in');
  return { token: stored.token, accountId: Number(stored.account) };
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
