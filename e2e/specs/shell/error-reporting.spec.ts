import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, expectSignedIn, test } from '../../support/test';

/**
 * Spec 002 §8, "Error reporting": with SENTRY_DSN set, the web app sends its errors to the
 * Sentry-compatible service, except the four messages the app handles itself. A stand-in
 * service takes the envelopes (POST /api/{project}/envelope/).
 */

interface Received {
  project: string;
  items: { type?: string; [key: string]: unknown }[];
}

function startStandIn(received: Received[]): Promise<Server> {
  const server = createServer((request, response) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': '*',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
    };
    const match = /^\/api\/([^/]+)\/envelope\/?/.exec(request.url ?? '');
    if (request.method === 'OPTIONS' || !match) {
      response.writeHead(match ? 204 : 404, cors).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // An envelope: a header line, then an item header and its payload per item.
      const lines = Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean);
      const items = lines.slice(1).map((line) => {
        try {
          return JSON.parse(line) as Received['items'][number];
        } catch {
          return {};
        }
      });
      received.push({ project: match[1]!, items });
      response.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The exception texts of the error events received so far. */
const errorTexts = (received: Received[]) =>
  received.flatMap((envelope) =>
    envelope.items.flatMap((item) => {
      const values = (item.exception as { values?: { value?: string }[] } | undefined)?.values;
      return (values ?? []).map((v) => v.value ?? '');
    }),
  );

test.describe('with a DSN', () => {
  // The DSN comes from a faked /api/config below, so the page's Content-Security-Policy (built
  // by the server from its own SENTRY_DSN, which it lacks) would block the stand-in; the
  // server's test shows the DSN's origin in connect-src when SENTRY_DSN is set.
  test.use({ bypassCSP: true });

  test('an error reaches the configured DSN; the four handled messages do not', async ({
    page,
    signIn,
  }) => {
    const received: Received[] = [];
    const standIn = await startStandIn(received);
    try {
      const { port } = standIn.address() as AddressInfo;
      // The installation's /api/config as one started with SENTRY_DSN answers it.
      await page.route('**/api/config', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: Record<string, unknown> };
        body.data.sentry_dsn = `http://publickey@127.0.0.1:${port}/42`;
        await route.fulfill({ response, json: body });
      });
      await signIn('user');
      await page.goto('/trackers');
      await expectSignedIn(page, 'user');

      await page.evaluate(() => {
        for (const message of [
          'Request failed with status code 401',
          'Request failed with status code 404',
          'Request aborted',
          'Network Error',
        ]) {
          setTimeout(() => {
            throw new Error(message);
          });
        }
        setTimeout(() => {
          throw new Error('Shell test: something broke');
        });
      });

      await expect.poll(() => errorTexts(received)).toContain('Shell test: something broke');
      expect(received.every((envelope) => envelope.project === '42')).toBe(true);
      // Thrown before the reported one: had any been sent, it would have arrived first.
      expect(errorTexts(received)).toEqual(['Shell test: something broke']);
    } finally {
      await new Promise((resolve) => standIn.close(resolve));
    }
  });
});

test('without SENTRY_DSN nothing is set up to report', async ({ page, signIn }) => {
  await signIn('user');
  await page.goto('/trackers');
  await expectSignedIn(page, 'user');
  const config = await page.request.get('/api/config');
  expect(((await config.json()) as { data: { sentry_dsn: unknown } }).data.sentry_dsn).toBeNull();
});
