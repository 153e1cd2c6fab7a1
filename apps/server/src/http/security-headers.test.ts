import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  authHeader,
  createAccount,
  createTestApp,
  createUser,
  type TestApp,
} from '../test/test-app';
import { inlineScriptHashes } from './content-security-policy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('sends the security headers, and no-store on personal API answers', async () => {
  const user = await createUser(t, { account: await createAccount(t) });
  const me = await t.app.inject({ url: '/api/me', headers: await authHeader(t, user.email) });
  expect(me.statusCode).toBe(200);
  expect(me.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cache-control': 'no-store',
  });
  expect(me.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(me.headers['content-security-policy']).toContain("object-src 'none'");
  expect(me.headers['permissions-policy']).toContain('camera=()');
});

it('sends them on errors too', async () => {
  const missing = await t.app.inject({ url: '/api/no-such-thing' });
  expect(missing.statusCode).toBe(404);
  expect(missing.headers['x-content-type-options']).toBe('nosniff');
  expect(missing.headers['cache-control']).toBe('no-store');
});

it("limits the page to its own origin and the installation's configured services", async () => {
  const configured = await createTestApp({
    MAP_STYLE_URL: 'https://tiles.example.test/style.json',
    SATELLITE_URL: 'https://sat.example.test/{z}/{x}/{y}.jpg',
    SENTRY_DSN: 'https://key@o1.ingest.example.test/42',
    DEMO_REPORT_URL: 'https://reports.example.test/embed/1',
    HELP_CHAT_URL: 'https://chat.example.test/widget',
  });
  try {
    const csp = (await configured.app.inject({ url: '/api/health' })).headers[
      'content-security-policy'
    ] as string;
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name)
        ?.slice(1);
    expect(directive('default-src')).toEqual(["'self'"]);
    expect(directive('script-src')?.[0]).toBe("'self'");
    expect(directive('script-src')).not.toContain("'unsafe-inline'");
    expect(directive('script-src')).not.toContain("'unsafe-eval'");
    // The configured origins only, never every https page.
    expect(directive('connect-src')).toEqual([
      "'self'",
      'https://reports.example.test',
      'https://tiles.example.test',
      'https://sat.example.test',
      'https://o1.ingest.example.test',
    ]);
    expect(directive('frame-src')).toEqual([
      "'self'",
      'https://reports.example.test',
      'https://chat.example.test',
    ]);
    expect(directive('worker-src')).toEqual(["'self'", 'blob:']);
    expect(directive('report-uri')).toEqual(['/api/csp-reports']);
  } finally {
    await configured.close();
  }
});

it("allows OpenFreeMap's one origin by default, and no map host with MAP_STYLE_URL=offline", async () => {
  const connectSrc = async (app: { app: TestApp['app'] }) => {
    const csp = (await app.app.inject({ url: '/api/health' })).headers[
      'content-security-policy'
    ] as string;
    return csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([n]) => n === 'connect-src')!
      .slice(1);
  };
  expect(await connectSrc(t)).toContain('https://tiles.openfreemap.org');
  expect((await t.app.inject({ url: '/api/config' })).json().data.map_style_url).toBe(
    'https://tiles.openfreemap.org/styles/liberty',
  );
  const offline = await createTestApp({ MAP_STYLE_URL: 'offline' });
  try {
    expect(await connectSrc(offline)).not.toContain('https://tiles.openfreemap.org');
    expect((await offline.app.inject({ url: '/api/config' })).json().data.map_style_url).toBe(null);
  } finally {
    await offline.close();
  }
});

it('asks for HTTPS only (HSTS) on answers served over HTTPS, never over plain HTTP', async () => {
  expect((await t.app.inject({ url: '/api/health' })).headers).not.toHaveProperty(
    'strict-transport-security',
  );
  const proxied = await createTestApp({ TRUST_PROXY: 'true' }, { trustProxy: true });
  try {
    const over = (proto: string) =>
      proxied.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': proto } });
    expect((await over('https')).headers['strict-transport-security']).toBe('max-age=31536000');
    expect((await over('http')).headers).not.toHaveProperty('strict-transport-security');
  } finally {
    await proxied.close();
  }
  // Without TRUST_PROXY the header is anyone's to write: it is not believed.
  const spoofed = await t.app.inject({
    url: '/api/health',
    headers: { 'x-forwarded-proto': 'https' },
  });
  expect(spoofed.headers).not.toHaveProperty('strict-transport-security');
});

it('lets the inline scripts of the built page run by their hashes only', () => {
  const html = '<script>var a = 1;</script><script type="module" src="/x.js"></script>';
  expect(inlineScriptHashes(html)).toEqual([
    `'sha256-${createHash('sha256').update('var a = 1;').digest('base64')}'`,
  ]);
});

it('takes reports of violations without a token', async () => {
  const report = await t.app.inject({
    method: 'POST',
    url: '/api/csp-reports',
    headers: { 'content-type': 'application/csp-report' },
    payload: JSON.stringify({
      'csp-report': { 'effective-directive': 'img-src', 'blocked-uri': 'https://x.test/a?t=1' },
    }),
  });
  expect(report.statusCode).toBe(204);
});
