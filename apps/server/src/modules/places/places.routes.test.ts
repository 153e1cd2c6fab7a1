import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  createAccount,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

async function signedIn(t: TestApp) {
  const account = await createAccount(t);
  const user = await createUser(t, { account, role: 'viewer' });
  return authHeader(t, user.email);
}

describe('GET /places with the bundled gazetteer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('finds towns by the start of their name, biggest first', async () => {
    const headers = await signedIn(t);
    const response = await t.app.inject({ url: '/api/places?query=Springfield,%20IL', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data[0]).toMatchObject({ label: 'Springfield, IL, US' });
    expect(response.json().data[0].lat).toBeCloseTo(39.8, 1);
    const limited = await t.app.inject({ url: '/api/places?query=San&limit=2', headers });
    expect(limited.json().data).toHaveLength(2);
    const empty = await t.app.inject({ url: '/api/places?query=%20', headers });
    expect(empty.json()).toEqual({ data: [] });
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ url: '/api/places?query=Spring' })).statusCode).toBe(401);
  });
});

describe('GET /places with a Nominatim-compatible GEOCODER_URL', () => {
  let t: TestApp;
  let server: Server;
  const asked: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      asked.push(request.url ?? '');
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify([
          { display_name: '233 S Wacker Dr, Chicago', lat: '41.8789', lon: '-87.6359' },
        ]),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({ GEOCODER_URL: `http://127.0.0.1:${port}/` });
  });
  afterAll(async () => {
    await t.close();
    server.close();
  });

  it("answers that server's search results as places", async () => {
    const headers = await signedIn(t);
    const response = await t.app.inject({ url: '/api/places?query=233%20Wacker', headers });
    expect(response.json()).toEqual({
      data: [{ label: '233 S Wacker Dr, Chicago', lat: 41.8789, lng: -87.6359 }],
    });
    const search = asked.find((u) => u.startsWith('/search'));
    expect(new URL(search!, 'http://x').searchParams.get('q')).toBe('233 Wacker');
  });
});
