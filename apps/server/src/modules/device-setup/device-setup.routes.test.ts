import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceSetupSchema, type DeviceSetup, type Role } from '@waymark/domain';
import { PROTOCOLS, type Protocol } from '../../db/schema';
import {
  authHeader,
  createAccount,
  createModel,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

/** An account with a member of each role, and a second account with its own admin. */
async function accounts() {
  const account = await createAccount(t);
  const other = await createAccount(t);
  const headers = {} as Record<Role, Headers>;
  for (const role of ['admin', 'manager', 'user', 'viewer'] as const) {
    headers[role] = await authHeader(t, (await createUser(t, { account, role })).email);
  }
  const otherAdmin = await authHeader(t, (await createUser(t, { account: other })).email);
  const root = await authHeader(t, (await createUser(t, { is_gpx_admin: true })).email);
  return { account, other, headers, otherAdmin, root };
}

let fleet: Awaited<ReturnType<typeof accounts>>;
const models = {} as Record<Protocol, number>;
beforeAll(async () => {
  fleet = await accounts();
  for (const protocol of PROTOCOLS) {
    models[protocol] = (await createModel(t, { title: `Unit ${protocol}`, protocol })).id;
  }
});

/** GET the guide as `headers`, the request sent to `host` (the Host header). */
function guide(url: string, headers: Headers, host = 'track.example.com') {
  return t.app.inject({ method: 'GET', url: `/api${url}`, headers: { ...headers, host } });
}
const accountUrl = (accountId: number, modelId: number | string) =>
  `/accounts/${accountId}/device-setup?model_id=${modelId}`;

async function setupOf(response: Awaited<ReturnType<typeof guide>>): Promise<DeviceSetup> {
  expect(response.statusCode, response.body).toBe(200);
  // The body the route answers is the one its OpenAPI schema describes.
  return deviceSetupSchema.parse(response.json<{ data: unknown }>().data);
}

describe('GET /accounts/{id}/device-setup', () => {
  it("answers a GT06 model's host, port and SMS commands filled in for the account's admin", async () => {
    const setup = await setupOf(
      await guide(accountUrl(fleet.account.id, models.gt06), fleet.headers.admin),
    );
    expect(setup.model).toMatchObject({ id: models.gt06, title: 'Unit gt06', protocol: 'gt06' });
    expect(setup.family).toMatch(/^Concox GT06/);
    expect(setup.host).toBe('track.example.com');
    expect(setup.host_source).toBe('request');
    expect(setup.connections).toEqual([{ transport: 'tcp', port: 5023, setting: 'GT06_PORT' }]);
    const texts = setup.commands.map((c) => c.text);
    expect(texts).toContain('APN,<apn>#');
    // A host name takes SERVER's domain form (1), not the IP address form (0).
    expect(texts).toContain('SERVER,1,track.example.com,5023,0#');
    expect(texts.some((text) => text.startsWith('SERVER,0,'))).toBe(false);
    expect(setup.commands.every((c) => c.via === 'sms')).toBe(true);
    expect(setup.steps[0]).toContain('Unit gt06');
    expect(setup.steps.at(-1)).toContain('<apn>');
    expect(setup.notices).toEqual([]);
  });

  it('gives the IP address form of a command when the request came to an address, without its port', async () => {
    const setup = await setupOf(
      await guide(
        accountUrl(fleet.account.id, models.gt06),
        fleet.headers.admin,
        '203.0.113.7:8080',
      ),
    );
    expect(setup.host).toBe('203.0.113.7');
    expect(setup.commands.map((c) => c.text)).toContain('SERVER,0,203.0.113.7,5023,0#');
  });

  it('lists both transports of a family that speaks TCP and UDP', async () => {
    const setup = await setupOf(
      await guide(accountUrl(fleet.account.id, models.teltonika), fleet.headers.admin),
    );
    expect(setup.connections).toEqual([
      { transport: 'tcp', port: 5027, setting: 'TELTONIKA_PORT' },
      { transport: 'udp', port: 5027, setting: 'TELTONIKA_PORT' },
    ]);
    expect(setup.commands.map((c) => c.text)).toContain(
      '  setparam 2004:track.example.com;2005:5027;2006:0',
    );
  });

  it('has a guide for every protocol family, each naming its port setting', async () => {
    for (const protocol of PROTOCOLS) {
      const setup = await setupOf(
        await guide(accountUrl(fleet.account.id, models[protocol]), fleet.headers.admin),
      );
      expect(setup.model.protocol).toBe(protocol);
      expect(setup.connections.length, protocol).toBeGreaterThan(0);
      for (const c of setup.connections) {
        expect(c.setting, protocol).toMatch(/^[A-Z0-9]+_PORT$/);
        expect(c.port, protocol).toBeGreaterThan(0);
      }
      // Host and port are filled in wherever the family's texts name them.
      const texts = [...setup.steps, ...setup.commands.map((c) => c.text)].join('\n');
      expect(texts, protocol).not.toMatch(/\{host\}|\{port\}|<port>/);
      expect(texts, protocol).toContain('track.example.com');
      expect(setup.steps.length, protocol).toBeGreaterThan(1);
    }
  });

  it('answers the phone apps their server URL', async () => {
    const setup = await setupOf(
      await guide(accountUrl(fleet.account.id, models.osmand), fleet.headers.admin),
    );
    expect(setup.connections).toEqual([{ transport: 'http', port: 5055, setting: 'OSMAND_PORT' }]);
    expect(setup.commands).toEqual([
      { label: 'Server URL', via: 'app', text: 'http://track.example.com:5055' },
    ]);
  });

  it('is open to Managers and platform admins, and refused to Power Users and Viewers', async () => {
    const url = accountUrl(fleet.account.id, models.gt06);
    await setupOf(await guide(url, fleet.headers.manager));
    await setupOf(await guide(url, fleet.root));
    for (const role of ['user', 'viewer'] as const) {
      const refused = await guide(url, fleet.headers[role]);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json(), role).toEqual({ message: 'Access denied' });
    }
  });

  it("answers 404 to another account's admin and 401 without a token", async () => {
    const url = accountUrl(fleet.account.id, models.gt06);
    const stranger = await guide(url, fleet.otherAdmin);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('GT06');
    expect((await guide(url, {})).statusCode).toBe(401);
  });

  it('answers 422 naming model_id for a model that does not exist or is not an id', async () => {
    const missing = await guide(accountUrl(fleet.account.id, 2_000_000_000), fleet.headers.admin);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ model_id: ['No model has id 2000000000'] });
    const bad = await guide(accountUrl(fleet.account.id, 'abc'), fleet.headers.admin);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['model_id']);
    const none = await guide(`/accounts/${fleet.account.id}/device-setup`, fleet.headers.admin);
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['model_id']);
  });

  it('warns that units cannot reach a host of this machine', async () => {
    const setup = await setupOf(
      await guide(accountUrl(fleet.account.id, models.h02), fleet.headers.admin, 'localhost:8080'),
    );
    expect(setup.host).toBe('localhost');
    expect(setup.notices).toEqual([
      "Units on the mobile network cannot reach localhost: set DEVICE_HOST to the server's public host name or IP address.",
    ]);
  });
});

describe('GET /admin/device-setup', () => {
  it('answers platform admins, and refuses account admins with 403', async () => {
    const setup = await setupOf(
      await guide(`/admin/device-setup?model_id=${models.jt808}`, fleet.root),
    );
    expect(setup.commands.map((c) => c.text)).toContain('0x0013=track.example.com;0x0018=5015');
    const refused = await guide(
      `/admin/device-setup?model_id=${models.jt808}`,
      fleet.headers.admin,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Access denied' });
  });

  it('is in the OpenAPI document with the model_id it takes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const path of ['/api/accounts/{id}/device-setup', '/api/admin/device-setup']) {
      const parameters = doc.paths[path].get.parameters as { name: string; description?: string }[];
      expect(parameters.find((p) => p.name === 'model_id')?.description, path).toMatch(/model/);
    }
  });
});

describe('a server configured with DEVICE_HOST, a port of 0 and ingest off', () => {
  it('answers DEVICE_HOST and says where nothing listens', async () => {
    const configured = await createTestApp({ DEVICE_HOST: 'devices.example.com', H02_PORT: '0' });
    const off = await createTestApp({ INGEST_ENABLED: 'false' });
    try {
      const root = await authHeader(
        configured,
        (await createUser(configured, { is_gpx_admin: true })).email,
      );
      const h02 = await createModel(configured, { protocol: 'h02' });
      const response = await configured.app.inject({
        url: `/api/admin/device-setup?model_id=${h02.id}`,
        headers: { ...root, host: 'localhost' },
      });
      const setup = await setupOf(response);
      expect(setup.host).toBe('devices.example.com');
      expect(setup.host_source).toBe('DEVICE_HOST');
      expect(setup.connections).toEqual([{ transport: 'tcp', port: null, setting: 'H02_PORT' }]);
      expect(setup.commands.map((c) => c.text)).toContain('8040000 devices.example.com <port>');
      expect(setup.notices).toEqual([
        'Nothing listens for TCP on this server: H02_PORT is 0. Units set up this way are not heard until it names a port.',
      ]);

      const offRoot = await authHeader(off, (await createUser(off, { is_gpx_admin: true })).email);
      const gt06 = await createModel(off, { protocol: 'gt06' });
      const offSetup = await setupOf(
        await off.app.inject({
          url: `/api/admin/device-setup?model_id=${gt06.id}`,
          headers: { ...offRoot, host: 'track.example.com' },
        }),
      );
      expect(offSetup.connections[0]?.port).toBeNull();
      expect(offSetup.notices).toEqual([
        'The device listeners are off on this server (INGEST_ENABLED=false): no unit is heard until they are on.',
      ]);
    } finally {
      await configured.close();
      await off.close();
    }
  });
});
