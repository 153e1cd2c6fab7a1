import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startListeners } from '../ingest/listeners';
import {
  authHeader,
  createAccount,
  createDevice,
  createTestApp,
  createUser,
  type TestApp,
} from '../test/test-app';

let t: TestApp;
let ingest: Awaited<ReturnType<typeof startListeners>>;
let baseUrl: string;

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
// Concox GT06 protocol V3.1 §1.1 login (IMEI 0752533678900242) and §3.1 location.
const LOGIN = '78 78 11 01 07 52 53 36 78 90 02 42 70 00 32 01 00 05 12 79 0D 0A';
const LOCATION =
  '78 78 22 22 0F 0C 1D 02 33 05 C9 02 7A C8 18 0C 46 58 60 00 14 00 01 CC 00 28 7D 00 1F 71 00 00 01 00 08 20 86 0D 0A';

interface Message {
  type: string;
  channel?: string;
  event?: string;
  data?: { device_id?: number; lat?: number };
}
interface Client {
  socket: WebSocket;
  /** Every message, batches unpacked. */
  messages: Message[];
  /** Every frame as it came. */
  frames: (Message & { messages?: Message[] })[];
}

async function connect(headers: Record<string, string>): Promise<Client> {
  const socket = new WebSocket(`${baseUrl}/api/realtime`, { headers });
  const client: Client = { socket, messages: [], frames: [] };
  socket.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as Client['frames'][number];
    client.frames.push(frame);
    client.messages.push(...(frame.type === 'batch' ? frame.messages! : [frame]));
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return client;
}

async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function subscribe(client: Client, channel: string) {
  client.socket.send(JSON.stringify({ type: 'subscribe', channel }));
  return until(
    () => client.messages.find((m) => m.channel === channel && m.type !== 'message'),
    channel,
  );
}

/**
 * The same behaviour on both buses: in-process, and NATS (the machine's server, a subject
 * prefix of this file's own), where positions reach the socket only through NATS.
 */
const buses: [string, Record<string, string>][] = [
  ['in-process', {}],
  [
    'NATS',
    {
      BUS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
      BUS_SUBJECT_PREFIX: `waymark_test_${randomBytes(5).toString('hex')}`,
    },
  ],
];

describe.each(buses)('on the %s bus', (bus, env) => {
  beforeAll(async () => {
    t = await createTestApp(env);
    expect(t.ctx.bus.kind).toBe(bus === 'NATS' ? 'nats' : 'in-process');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    baseUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    ingest = await startListeners(t.ctx, { osmand: 0, gt06: 0, teltonika: 0 }, t.app.log);
  });
  afterAll(async () => {
    await ingest.close();
    await t.close();
  });

  describe('realtime', () => {
    it('delivers a GT06 position to subscribers of its account only', async () => {
      const account = await createAccount(t);
      const other = await createAccount(t);
      const device = await createDevice(t, account, { serial: '752533678900242' });
      const member = await createUser(t, { account, role: 'viewer' });
      const outsider = await createUser(t, { account: other, role: 'admin' });
      const mine = await connect(await authHeader(t, member.email));
      const theirs = await connect(await authHeader(t, outsider.email));
      expect((await subscribe(mine, `accounts.${account.id}.positions`)).type).toBe('subscribed');
      expect((await subscribe(theirs, `accounts.${other.id}.positions`)).type).toBe('subscribed');
      // Subscribing to someone else's account is refused.
      expect((await subscribe(theirs, `accounts.${account.id}.positions`)).type).toBe('error');
      // So is an account id no integer column holds (it never reaches the database).
      expect(await subscribe(theirs, 'accounts.99999999999.positions')).toMatchObject({
        type: 'error',
        message: 'Forbidden',
      });

      const tracker = net.connect(ingest.listeners.gt06.port, '127.0.0.1');
      await new Promise((resolve) => tracker.once('connect', resolve));
      tracker.write(hex(LOGIN));
      tracker.write(hex(LOCATION));

      const update = await until(
        () => mine.messages.find((m) => m.event === 'PositionUpdated'),
        'the position',
      );
      expect(update.data).toMatchObject({ device_id: device.id, fix: 'gps' });
      expect((update.data as { lat: number }).lat).toBeCloseTo(23.111693, 5);
      expect(theirs.messages.some((m) => m.event === 'PositionUpdated')).toBe(false);
      tracker.destroy();
      mine.socket.close();
      theirs.socket.close();
    });

    it('lets a platform admin watch any account, as its HTTP calls let them look', async () => {
      const account = await createAccount(t);
      const admin = await createUser(t, { is_gpx_admin: true });
      const client = await connect(await authHeader(t, admin.email));
      const channel = `accounts.${account.id}.positions`;
      expect((await subscribe(client, channel)).type).toBe('subscribed');
      const missing = `accounts.${account.id + 1_000_000}.positions`;
      expect((await subscribe(client, missing)).type).toBe('error');
      client.socket.close();
    });

    it('hides devices a limited viewer may not see', async () => {
      const account = await createAccount(t);
      const visible = await createDevice(t, account);
      const hidden = await createDevice(t, account);
      const viewer = await createUser(t, { account, role: 'viewer', full_device_access: false });
      const { accountMemberships } = await import('../db/schema');
      const { and, eq } = await import('drizzle-orm');
      await t.db
        .update(accountMemberships)
        .set({ device_ids: [visible.id] })
        .where(
          and(
            eq(accountMemberships.user_id, viewer.id),
            eq(accountMemberships.account_id, account.id),
          ),
        );
      const client = await connect(await authHeader(t, viewer.email));
      await subscribe(client, `accounts.${account.id}.positions`);
      const at = (serial: string, lat: number) => ({
        serial,
        deviceTime: new Date(),
        lat,
        lng: -87.6,
        valid: true,
        fix: 'gps' as const,
      });
      await t.ctx.pipeline.submit([at(hidden.serial, 41.1), at(visible.serial, 41.2)], 'osmand');
      const update = await until(
        () => client.messages.find((m) => m.event === 'PositionUpdated'),
        'a position',
      );
      expect(update.data!.device_id).toBe(visible.id);
      expect(client.messages.filter((m) => m.event === 'PositionUpdated')).toHaveLength(1);
      client.socket.close();
    });

    it('applies a changed access to an open socket at once, and closes it on removal', async () => {
      const account = await createAccount(t);
      const kept = await createDevice(t, account);
      const dropped = await createDevice(t, account);
      const admin = await createUser(t, { account, role: 'admin' });
      const user = await createUser(t, { account, role: 'user' });
      const adminHeaders = await authHeader(t, admin.email);
      const client = await connect(await authHeader(t, user.email));
      const channel = `accounts.${account.id}.positions`;
      await subscribe(client, channel);

      const limit = await t.app.inject({
        method: 'PUT',
        url: `/api/v2/accounts/${account.id}/users/${user.id}`,
        headers: adminHeaders,
        payload: { role: 'user', full_device_access: false, device_ids: [kept.id], group_ids: [] },
      });
      expect(limit.statusCode).toBe(200);
      await until(() => client.messages.find((m) => m.type === 'rescoped'), 'the new scope');
      const at = (serial: string, lat: number) => ({
        serial,
        deviceTime: new Date(),
        lat,
        lng: -87.6,
        valid: true,
        fix: 'gps' as const,
      });
      await t.ctx.pipeline.submit([at(dropped.serial, 41.1), at(kept.serial, 41.2)], 'osmand');
      await until(
        () => client.messages.find((m) => m.event === 'PositionUpdated'),
        'the kept tracker',
      );
      expect(
        client.messages.filter((m) => m.event === 'PositionUpdated').map((m) => m.data!.device_id),
      ).toEqual([kept.id]);

      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/accounts/${account.id}/users/${user.id}`,
        headers: adminHeaders,
      });
      expect(removed.statusCode).toBe(200);
      expect(
        await until(
          () => client.messages.find((m) => m.type === 'error' && m.channel === channel),
          'the channel closing',
        ),
      ).toMatchObject({ message: 'Forbidden' });
      client.socket.close();
    });

    it('sends the positions of one pipeline batch as one frame, in order', async () => {
      const account = await createAccount(t);
      const devices = [
        await createDevice(t, account),
        await createDevice(t, account),
        await createDevice(t, account),
      ];
      const user = await createUser(t, { account, role: 'admin' });
      const client = await connect(await authHeader(t, user.email));
      await subscribe(client, `accounts.${account.id}.positions`);
      const framesBefore = client.frames.length;
      await t.ctx.pipeline.submit(
        devices.map((d, i) => ({
          serial: d.serial,
          deviceTime: new Date(),
          lat: 41 + i / 10,
          lng: -87.6,
          valid: true,
          fix: 'gps' as const,
        })),
        'osmand',
      );
      await until(
        () =>
          client.messages.filter((m) => m.event === 'PositionUpdated').length === 3 ? 1 : undefined,
        'three positions',
      );
      const frames = client.frames.slice(framesBefore);
      expect(frames).toHaveLength(1);
      expect(frames[0]!.type).toBe('batch');
      expect(
        frames[0]!.messages!.map((m) => [m.type, m.event, m.data!.device_id, m.data!.lat]),
      ).toEqual(devices.map((d, i) => ['message', 'PositionUpdated', d.id, 41 + i / 10]));
      client.socket.close();
    });

    it('answers a subscribe sent the moment the socket opens', async () => {
      const account = await createAccount(t);
      const user = await createUser(t, { account });
      const socket = new WebSocket(`${baseUrl}/api/realtime`, {
        headers: await authHeader(t, user.email),
      });
      const channel = `accounts.${account.id}.events`;
      const answer = new Promise<{ type: string; channel: string }>((resolve) =>
        socket.on('message', (raw) => resolve(JSON.parse(raw.toString()))),
      );
      socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', channel })));
      expect(await answer).toEqual({ type: 'subscribed', channel });
      socket.close();
    });

    it('gives an alert delivered in the app to its own user only', async () => {
      const account = await createAccount(t);
      const device = await createDevice(t, account, { name: 'Van 5' });
      const alice = await createUser(t, { account, role: 'user' });
      const bob = await createUser(t, { account, role: 'user' });
      const hers = await connect(await authHeader(t, alice.email));
      const his = await connect(await authHeader(t, bob.email));
      const channel = `accounts.${account.id}.events`;
      expect((await subscribe(hers, channel)).type).toBe('subscribed');
      expect((await subscribe(his, channel)).type).toBe('subscribed');
      const alert = (userId: number, description: string) => ({
        account_id: account.id,
        user_id: userId,
        alert: {
          id: 1,
          device_id: device.id,
          device: { id: device.id, name: 'Van 5' },
          event_type: 'tamper-alert',
          description,
          created_at: new Date().toISOString(),
          lat: null,
          lng: null,
          user_id: userId,
        },
      });
      t.ctx.bus.publish('alert.notified', alert(alice.id, 'For Alice'));
      t.ctx.bus.publish('alert.notified', alert(bob.id, 'For Bob'));
      const bobs = await until(
        () => his.messages.find((m) => m.event === 'AlertNotified'),
        "Bob's alert",
      );
      const alices = await until(
        () => hers.messages.find((m) => m.event === 'AlertNotified'),
        "Alice's alert",
      );
      expect(bobs.data).toMatchObject({ description: 'For Bob', user_id: bob.id });
      expect(alices.data).toMatchObject({ description: 'For Alice', user_id: alice.id });
      const count = (c: Client) => c.messages.filter((m) => m.event === 'AlertNotified').length;
      expect([count(hers), count(his)]).toEqual([1, 1]);
      hers.socket.close();
      his.socket.close();
    });

    it('refuses a connection without a valid token', async () => {
      const socket = new WebSocket(`${baseUrl}/api/realtime?token=nope`);
      const code = await new Promise<number>((resolve) => socket.once('close', (c) => resolve(c)));
      expect(code).toBe(4401);
    });
  });

  describe('device listeners', () => {
    it('closes a connection that sends garbage and keeps serving the others', async () => {
      const good = net.connect(ingest.listeners.gt06.port, '127.0.0.1');
      const bad = net.connect(ingest.listeners.gt06.port, '127.0.0.1');
      await Promise.all([good, bad].map((s) => new Promise((r) => s.once('connect', r))));
      const badClosed = new Promise((resolve) => bad.once('close', resolve));
      bad.write(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
      await badClosed;
      const reply = new Promise<Buffer>((resolve) => good.once('data', resolve));
      good.write(hex(LOGIN));
      expect((await reply).toString('hex')).toBe('787805010005 9ff80d0a'.replace(/ /g, ''));
      expect(ingest.listeners.gt06.metrics.malformed).toBeGreaterThan(0);
      good.destroy();
    });
  });

  describe('device status without a location', () => {
    it('takes battery and charging from a GT06 heartbeat', async () => {
      const { devices, currentPositions } = await import('../db/schema');
      const { eq } = await import('drizzle-orm');
      const account = await createAccount(t);
      // The document's IMEI is the only one the heartbeat sample can log in with.
      await t.db.delete(devices).where(eq(devices.serial, '752533678900242'));
      const device = await createDevice(t, account, { serial: '752533678900242', charging: true });
      t.ctx.bus.publish('device.changed', {
        account_id: account.id,
        device_id: device.id,
        serials: [device.serial],
      });
      await t.ctx.bus.flush();
      await t.ctx.pipeline.submit(
        [
          {
            serial: device.serial,
            deviceTime: new Date(),
            lat: 40,
            lng: -90,
            valid: true,
            fix: 'gps',
            battery: 90,
          },
        ],
        'gt06',
      );
      const tracker = net.connect(ingest.listeners.gt06.port, '127.0.0.1');
      await new Promise((resolve) => tracker.once('connect', resolve));
      const replies: Buffer[] = [];
      tracker.on('data', (chunk) => replies.push(chunk));
      tracker.write(hex(LOGIN));
      // Concox V3.1 §2.1 heartbeat: terminal info 0x40 (not charging), voltage level 4 (67 %).
      tracker.write(hex('78 78 0A 13 40 04 04 00 01 00 0F DC EE 0D 0A'));
      // The heartbeat is acknowledged after it was applied: login reply + heartbeat reply.
      await until(
        () => (Buffer.concat(replies).length >= 20 ? true : undefined),
        'the heartbeat reply',
      );
      tracker.destroy();
      const [flags] = await t.db
        .select({ charging: devices.charging })
        .from(devices)
        .where(eq(devices.id, device.id));
      expect(flags!.charging).toBe(false);
      const [current] = await t.db
        .select({ battery: currentPositions.battery })
        .from(currentPositions)
        .where(eq(currentPositions.device_id, device.id));
      expect(current!.battery).toBe(67);
    });
  });
});
