import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { commands, smsOutbox } from '../../db/schema';
import { startListeners } from '../../ingest/listeners';
import {
  authHeader,
  createAccount,
  createDevice,
  createModel,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
let ingest: Awaited<ReturnType<typeof startListeners>>;
beforeAll(async () => {
  t = await createTestApp();
  ingest = await startListeners(t.ctx, { osmand: 0, gt06: 0, teltonika: 0 }, t.app.log);
});
afterAll(async () => {
  await ingest.close();
  await t.close();
});

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
// Concox GT06 protocol V3.1 §1.1 login of IMEI 0752533678900242.
const LOGIN = '78 78 11 01 07 52 53 36 78 90 02 42 70 00 32 01 00 05 12 79 0D 0A';
// §8.2.1: the terminal's 0x21 answer to an online command.
const ANSWER =
  '79 79 00 9D 21 00 00 00 00 01 42 61 74 74 65 72 79 3A 34 2E 31 36 56 2C 4E 4F 52 4D 41 4C 3B 20 ' +
  '47 50 52 53 3A 4C 69 6E 6B 20 55 70 3B 20 47 53 4D 20 53 69 67 6E 61 6C 20 4C 65 76 65 6C 3A 53 74 72 ' +
  '6F 6E 67 3B 20 47 50 53 3A 53 65 61 72 63 68 69 6E 67 20 73 61 74 65 6C 6C 69 74 65 2C 20 53 56 53 20 55 ' +
  '73 65 64 20 69 6E 20 66 69 78 3A 30 28 30 29 2C 20 47 50 53 20 53 69 67 6E 61 6C 20 4C 65 76 65 6C 3A 3B ' +
  '20 41 43 43 3A 4F 46 46 3B 20 44 65 66 65 6E 73 65 3A 4F 46 46 00 2E 26 DF 0D 0A';

async function setup(settings: Record<string, string> = {}) {
  const account = await createAccount(t, { settings });
  const model = await createModel(t, { protocol: 'gt06' });
  const [where] = await t.db
    .insert(commands)
    .values({ model_id: model.id, title: 'Locate now', commands: 'WHERE#' })
    .returning();
  const device = await createDevice(t, account, {
    model_id: model.id,
    serial: `7525336789${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
    phone: '+13125550100',
  });
  const admin = await createUser(t, { account, role: 'admin' });
  const viewer = await createUser(t, { account, role: 'viewer' });
  return {
    account,
    device,
    where: where!,
    admin: await authHeader(t, admin.email),
    viewer: await authHeader(t, viewer.email),
  };
}

describe('tracker commands', () => {
  it("lists the model's command templates", async () => {
    const f = await setup();
    const response = await t.app.inject({
      url: `/api/devices/${f.device.id}/commands`,
      headers: f.viewer,
    });
    expect(response.json().data).toEqual([
      expect.objectContaining({ title: 'Locate now', commands: 'WHERE#' }),
    ]);
  });

  it('sends an SMS command through the outbox and logs it', async () => {
    const f = await setup();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${f.device.id}/commands`,
      headers: f.admin,
      payload: { id: f.where.id, payload: { command: 'WHERE#' }, send_via: ['sms'] },
    });
    expect(response.statusCode).toBe(200);
    // Queued until the outbox's job hands it to the SMS provider (commands.sms.test.ts).
    expect(response.json().data).toMatchObject({
      status: 'queued',
      send_via: 'sms',
      message_to_device: 'WHERE#',
    });
    await t.ctx.jobs.idle();
    const [sms] = await t.db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(1);
    expect(sms).toMatchObject({ to: '+13125550100', text: 'WHERE#' });
    const log = await t.app.inject({
      url: `/api/devices/${f.device.id}/dialogs?include=device`,
      headers: f.viewer,
    });
    expect(log.json().data).toEqual([expect.objectContaining({ status: 'sent' })]);
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${f.device.id}/dialogs`,
      headers: f.viewer,
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().data).toEqual(log.json().data);
  });

  it('queues a data command until the tracker connects, then writes it in GT06', async () => {
    const f = await setup();
    // Use the serial the GT06 document's login carries.
    const { devices } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.db
      .update(devices)
      .set({ serial: '752533678900242' })
      .where(eq(devices.id, f.device.id));
    const queued = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${f.device.id}/commands`,
      headers: f.admin,
      payload: { id: f.where.id, payload: { command: 'WHERE#' }, send_via: ['data'] },
    });
    expect(queued.json().data.status).toBe('queued');

    const tracker = net.connect(ingest.listeners.gt06.port, '127.0.0.1');
    const received: Buffer[] = [];
    tracker.on('data', (chunk) => received.push(chunk));
    await new Promise((resolve) => tracker.once('connect', resolve));
    tracker.write(hex(LOGIN));
    const deadline = Date.now() + 5000;
    while (!Buffer.concat(received).includes(Buffer.from('WHERE#')) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const bytes = Buffer.concat(received);
    expect(bytes.includes(Buffer.from('WHERE#'))).toBe(true);
    // The command frame is GT06 protocol 0x80.
    expect(bytes.subarray(10, 14).toString('hex')).toMatch(/^7878..80/);
    tracker.write(hex(ANSWER));
    let answered: { status: string; message_from_device: string | null } | undefined;
    while (Date.now() < deadline + 5000) {
      const log = await t.app.inject({
        url: `/api/devices/${f.device.id}/dialogs`,
        headers: f.admin,
      });
      answered = log.json().data[0];
      if (answered?.status === 'delivered') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    tracker.destroy();
    expect(answered).toMatchObject({
      status: 'delivered',
      message_from_device: expect.stringMatching(/^Battery:4.16V/),
    });
  });

  it('refuses viewers, custom commands without the setting, and empty commands', async () => {
    const f = await setup();
    const url = `/api/devices/${f.device.id}/commands`;
    const viewer = await t.app.inject({
      method: 'POST',
      url,
      headers: f.viewer,
      payload: { id: f.where.id, payload: { command: 'WHERE#' } },
    });
    expect(viewer.statusCode).toBe(403);
    const custom = await t.app.inject({
      method: 'POST',
      url,
      headers: f.admin,
      payload: { id: null, payload: { command: 'STATUS#' } },
    });
    expect(custom.statusCode).toBe(403);
    const empty = await t.app.inject({
      method: 'POST',
      url,
      headers: f.admin,
      payload: { id: f.where.id, payload: { command: ' ' } },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors['payload.command']).toEqual(['Please provide a command to send']);
  });

  it('allows custom commands with custom_commands_available', async () => {
    const f = await setup({ custom_commands_available: '1' });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${f.device.id}/commands`,
      headers: f.admin,
      payload: { id: null, payload: { command: 'STATUS#' }, send_via: ['sms'] },
    });
    expect(response.json().data).toMatchObject({ status: 'queued', message_to_device: 'STATUS#' });
  });
});
