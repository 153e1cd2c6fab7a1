import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../apps/server/src/db/client';
import {
  accountMemberships,
  accounts,
  devices,
  models,
  users,
} from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { call } from '../../apps/server/src/soak/http-call';
import { startSmtpStandIn } from '../../apps/server/src/soak/stand-ins';
import {
  operationsOf,
  sample,
  urlOf,
  type JsonSchema,
  type OpenApiDocument,
} from '../../apps/server/src/test/openapi-samples';
import {
  freePort,
  startServer,
  stopServer,
  type ServerPorts,
} from '../../apps/server/src/test/server-process';

/**
 * Issue 39's black-box figures, from outside the real server process: every operation of
 * its OpenAPI document sent as one tenant's admin with good, bad (NUL, a lone surrogate, ids
 * past an integer, wrong types) and the other tenant's ids; raw connections to a device port
 * past its per-address bound; `kill -9` in the middle of mail fan-outs. Prints requests sent,
 * 5xx, cross-tenant leaks (the other tenant's marker in an answer), connections refused at
 * the limit and mails duplicated after the kills (counted at an SMTP stand-in by Message-ID).
 * `node --import tsx bench/hardening/black-box.ts [--kills 5] [--per-address 50]`
 */

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '5' },
    'per-address': { type: 'string', default: '50' },
  },
});
const KILLS = Number(values.kills);
const PER_ADDRESS = Number(values['per-address']);
const PASSWORD = 'black box 1';
const MARK = `bmark${Date.now().toString(36)}`;
const dataDir = mkdtempSync(join(tmpdir(), 'waymark-black-box-'));

/** Two tenants: A attacks, B's names carry the marker an answer to A must never hold. */
async function seed() {
  const database = await openDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` });
  const { db } = database;
  const hash = await hashPassword(PASSWORD);
  const [model] = await db
    .insert(models)
    .values({ title: 'Phone', device_type: 'black-box-phone', protocol: 'osmand' })
    .returning();
  const tenants = [];
  for (const name of ['a', 'b']) {
    const label = name === 'b' ? `Tenant ${MARK}` : 'Tenant plain';
    const [account] = await db
      .insert(accounts)
      .values({ title: label, is_b2b_account: true, has_rules_engine: true, has_api_access: true })
      .returning();
    const [user] = await db
      .insert(users)
      .values({ name: `${label} admin`, email: `admin-${name}@black.test`, password_hash: hash })
      .returning();
    await db
      .insert(accountMemberships)
      .values({ account_id: account!.id, user_id: user!.id, role: 'admin' });
    const [device] = await db
      .insert(devices)
      .values({
        account_id: account!.id,
        model_id: model!.id,
        name: `${label} tracker`,
        serial: `35630704246${name === 'a' ? '0001' : '0002'}`,
      })
      .returning();
    tenants.push({ email: user!.email, account: account!.id, user: user!.id, device: device!.id });
  }
  await database.close();
  return { a: tenants[0]!, b: tenants[1]! };
}

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
const INT4_OVERFLOW = 2_147_483_648;

/** The body with one string field (by path) set to `value`; every string field in turn. */
function stringFieldVariants(body: unknown, value: unknown): unknown[] {
  const out: unknown[] = [];
  const walk = (node: unknown, set: (v: unknown) => unknown) => {
    if (typeof node === 'string') out.push(set(value));
    else if (Array.isArray(node))
      node.forEach((item, i) => walk(item, (v) => set(node.map((x, j) => (j === i ? v : x)))));
    else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) walk(item, (v) => set({ ...node, [key]: v }));
    }
  };
  walk(body, (v) => v);
  return out.slice(0, 12);
}

/** Which tenant's id a path parameter takes, from the segment before it. */
function idFor(path: string, param: string, t: { account: number; device: number; user: number }) {
  const before = path.split(`{${param}}`)[0]!.split('/').filter(Boolean).at(-1) ?? '';
  if (/account/.test(before) || /account/.test(param)) return t.account;
  if (/user/.test(before) || /user/.test(param)) return t.user;
  return t.device;
}

async function hammerApi(port: number, tenants: Awaited<ReturnType<typeof seed>>) {
  const login = async (email: string) =>
    (await call(port, 'POST', '/api/token', { body: { email, password: PASSWORD } })).json.data
      .token as string;
  let token = await login(tenants.a.email);
  const document = (await call(port, 'GET', '/api/docs/json')).json as unknown as OpenApiDocument;
  const figures = { requests: 0, fiveXx: [] as string[], leaks: [] as string[], operations: 0 };
  const send = async (method: string, url: string, body: unknown, what: string) => {
    let answer = await rawCall(port, method, url, body, token);
    // A logout or password operation ended the session: sign in again and go on.
    if (answer.status === 401) {
      token = await login(tenants.a.email);
      answer = await rawCall(port, method, url, body, token);
      figures.requests++;
    }
    figures.requests++;
    if (answer.status >= 500) figures.fiveXx.push(`${answer.status} ${what}`);
    if (answer.status < 300 && answer.text.includes(MARK)) figures.leaks.push(what);
  };
  // Writes that end the session or lock the attacker out go last.
  const operations = operationsOf(document).sort(
    (x, y) => Number(/token|password/.test(x.path)) - Number(/token|password/.test(y.path)),
  );
  for (const { path, method, operation } of operations) {
    figures.operations++;
    const params = operation.parameters ?? [];
    const bodySchema = operation.requestBody?.content['application/json']?.schema;
    const known = {
      account_id: tenants.a.account,
      device_id: tenants.a.device,
      user_id: tenants.a.user,
    };
    const query = (ids: typeof tenants.a) =>
      Object.fromEntries(
        params
          .filter((p) => p.in === 'query' && /_id$/.test(p.name))
          .map((p) => [p.name, String(idFor('', p.name, ids))]),
      );
    const pathOf = (ids: typeof tenants.a, override?: string) =>
      Object.fromEntries(
        params
          .filter((p) => p.in === 'path')
          .map((p) => [p.name, override ?? String(idFor(path, p.name, ids))]),
      );
    const body = bodySchema ? sample(bodySchema as JsonSchema, 'body', known) : undefined;
    const m = method.toUpperCase();
    const label = `${m} ${path}`;
    await send(m, urlOf(path, pathOf(tenants.a), query(tenants.a)), body, `${label} (good)`);
    await send(
      m,
      urlOf(path, pathOf(tenants.b), query(tenants.b)),
      body,
      `${label} (other tenant's ids)`,
    );
    if (params.some((p) => p.in === 'path')) {
      for (const bad of [String(INT4_OVERFLOW), 'abc', '-1']) {
        await send(
          m,
          urlOf(path, pathOf(tenants.a, bad), query(tenants.a)),
          body,
          `${label} (path ${bad})`,
        );
      }
    }
    if (body !== undefined) {
      const url = urlOf(path, pathOf(tenants.a), query(tenants.a));
      for (const bad of [NUL, LONE_SURROGATE, 42, null]) {
        for (const variant of stringFieldVariants(body, bad)) {
          await send(m, url, variant, `${label} (body ${JSON.stringify(bad)})`);
        }
      }
      await send(m, url, [], `${label} (body an array)`);
    }
  }
  return figures;
}

/** Like `call`, but the answer's raw text (for the leak check) and a JSON string as the body. */
function rawCall(port: number, method: string, url: string, body: unknown, token: string) {
  return new Promise<{ status: number; text: string }>((resolve) => {
    const payload = body === undefined || method === 'GET' ? undefined : JSON.stringify(body);
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setTimeout(20_000, () => socket.destroy());
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('close', () =>
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), text }),
    );
    socket.on('error', () => undefined);
    const bytes = payload ? Buffer.from(payload) : undefined;
    socket.write(
      `${method} ${url} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\nauthorization: Bearer ${token}\r\n` +
        (bytes ? `content-type: application/json\r\ncontent-length: ${bytes.length}\r\n` : '') +
        '\r\n',
    );
    if (bytes) socket.write(bytes);
  });
}

/** Idle connections from one address, past the per-address bound: how many the server closed. */
async function floodDevicePort(port: number, count: number) {
  const sockets: net.Socket[] = [];
  let closedByServer = 0;
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve) => {
          const socket = net.connect(port, '127.0.0.1', () => resolve());
          socket.on('close', () => closedByServer++);
          socket.on('error', () => resolve());
          sockets.push(socket);
        }),
    ),
  );
  // The server closes a connection past the bound at once; give its event loop a moment.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const refused = closedByServer;
  for (const s of sockets) s.destroy();
  return { opened: count, refused };
}

async function main() {
  const smtp = await startSmtpStandIn();
  const gt06 = await freePort();
  const ports: ServerPorts = { http: await freePort(), osmand: await freePort() };
  const env = {
    SMTP_URL: smtp.url,
    GT06_PORT: String(gt06),
    DEVICE_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
    LOGIN_RATE_LIMIT: '100000',
  };
  // The first start migrates the empty database; the tenants go in while it is down.
  await stopServer(await startServer(dataDir, ports, env), 'SIGTERM');
  const tenants = await seed();
  let server: ChildProcess = await startServer(dataDir, ports, env);
  const api = await hammerApi(ports.http, tenants);
  const flood = await floodDevicePort(gt06, PER_ADDRESS * 2);

  // kill -9 in the middle of invitation and reset fan-outs; then every mail is counted once.
  const token = (
    await call(ports.http, 'POST', '/api/token', {
      body: { email: tenants.b.email, password: PASSWORD },
    })
  ).json.data.token as string;
  for (let i = 0; i < KILLS; i++) {
    const load = Promise.all([
      call(ports.http, 'POST', `/api/v2/accounts/${tenants.b.account}/invites`, {
        token,
        body: {
          emails: [1, 2, 3, 4].map((k) => `kill-${i}-${k}@black.test`),
          role: 'viewer',
          full_device_access: true,
        },
      }),
      ...[1, 2, 3].map(() =>
        call(ports.http, 'POST', '/api/forgot-password', { body: { email: tenants.b.email } }),
      ),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 600));
    await stopServer(server, 'SIGKILL');
    await load;
    server = await startServer(dataDir, ports, env);
  }
  // Past the outbox's claim lease (5 min) and sweep: a send the kill cut is sent again.
  await new Promise((resolve) => setTimeout(resolve, 6.5 * 60_000));
  await stopServer(server, 'SIGTERM');
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
  const duplicated = [...smtp.received.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);

  console.info(
    [
      `black box (issue 39): ${api.operations} operations of the OpenAPI document`,
      `  requests sent ${api.requests}, 5xx ${api.fiveXx.length}, cross-tenant leaks ${api.leaks.length}`,
      ...api.fiveXx.slice(0, 20).map((f) => `    5xx: ${f}`),
      ...api.leaks.slice(0, 20).map((f) => `    leak: ${f}`),
      `  device port (GT06, per-address bound ${PER_ADDRESS}): ${flood.opened} connections from one address, ${flood.refused} refused`,
      `  kills ${KILLS} in mail fan-outs: ${smtp.received.size} distinct mails received, ${duplicated} duplicated`,
    ].join('\n'),
  );
}

await main();
