import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './users';

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** A platform admin's token: the mail outbox is theirs to read (GET /api/admin/mail-outbox). */
async function rootToken(request: APIRequestContext) {
  const login = await request.post('/api/token', {
    data: { email: 'root@demo.test', password: DEMO_PASSWORD },
  });
  expect(login.ok(), 'POST /api/token as root').toBe(true);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** The newest mail to `to` once a job has written it to the outbox. */
export async function mailTo(request: APIRequestContext, to: string): Promise<OutboxMessage> {
  const token = await rootToken(request);
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/api/admin/mail-outbox', {
        headers: { Authorization: `Bearer ${token}` },
        params: { query: to, per_page: 10 },
      });
      const { data } = (await response.json()) as { data: OutboxMessage[] };
      found = data.find((m) => m.to === to);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** The path and query of the first link in a mail that points at `path`. */
export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://\\S+?(${path}\\S*)`).exec(text);
  if (!match) throw new Error(`No ${path} link in: ${text}`);
  return match[1]!;
}
