import { createServer } from 'node:net';
import { expect } from 'vitest';
import { products } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

/**
 * Two accounts for the billing tests: `account` with an admin (manage Account) and a manager
 * (no manage Account), `other` with its own admin, and a platform admin.
 */
export async function billingAccounts(t: TestApp) {
  const account = await createAccount(t, { is_b2b_account: true });
  const other = await createAccount(t);
  const admin = await createUser(t, { account, role: 'admin' });
  const manager = await createUser(t, { account, role: 'manager' });
  const otherAdmin = await createUser(t, { account: other, role: 'admin' });
  const platformAdmin = await createUser(t, { is_gpx_admin: true });
  return {
    account,
    other,
    adminUser: admin,
    admin: await authHeader(t, admin.email),
    manager: await authHeader(t, manager.email),
    otherAdmin: await authHeader(t, otherAdmin.email),
    platformAdmin: await authHeader(t, platformAdmin.email),
  };
}

let skus = 0;

/** A small catalogue: a tracker, a plan of 1 and 12 months, and audio hours. */
export async function createCatalogue(t: Pick<TestApp, 'db'>) {
  const n = `${Date.now().toString(36)}${skus++}`;
  const [hardware, plan, audio] = await t.db
    .insert(products)
    .values([
      { title: 'Mobile 200', sku: `HW-${n}`, kind: 'hardware', price: 4999 },
      {
        title: 'Tracking plan',
        sku: `SUB-${n}`,
        kind: 'subscription',
        plans: [
          { months: 1, price: 1995 },
          { months: 12, price: 19995 },
        ],
      },
      { title: 'Live audio hours (5)', sku: `AUD-${n}`, kind: 'audio-hours', price: 500 },
    ])
    .returning();
  return { hardware: hardware!, plan: plan!, audio: audio! };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The app listening on a port of its own: the sandbox provider posts its webhook events to it
 * by real HTTP, as it does in production.
 */
export async function listeningTestApp(env: Record<string, string> = {}) {
  const port = await freePort();
  const t = await createTestApp({ PORT: String(port), INGEST_ENABLED: 'false', ...env });
  await t.app.listen({ port, host: '127.0.0.1' });
  return t;
}

/** The intent id and secret of a sandbox form_url. */
export function formOf(formUrl: string | null) {
  expect(formUrl).toMatch(/^\/api\/sandbox-pay\/form\?/);
  const query = new URL(formUrl!, 'http://x').searchParams;
  return { intent: query.get('intent')!, secret: query.get('secret')! };
}

/** Types a card into the sandbox form (its confirm call), as the iframe does. */
export async function payInForm(t: TestApp, formUrl: string | null, number: string) {
  const { intent, secret } = formOf(formUrl);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/sandbox-pay/intents/${intent}/confirm`,
    payload: { client_secret: secret, number, exp_month: 12, exp_year: 2040, cvc: '123' },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: string; status: string; error: string | null } }>().data;
}
