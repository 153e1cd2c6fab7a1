import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  createAccount,
  createDevice,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';
import { refusingWorld, type RefusingWorld } from '../delivery/delivery.fixture';
import { MAX_ATTEMPTS } from '../delivery/outbound-retry';

/**
 * Issue 39 item 12: an SMS command goes out through the one outbox. The command's status
 * follows its message (queued, then sent or failed), and the tracker's phone gets one SMS per
 * command however often the send job runs.
 */
let t: TestApp;
let world: RefusingWorld;
beforeAll(async () => {
  t = await createTestApp();
  world = refusingWorld(t);
});
afterAll(() => t.close());

let phones = 0;
async function tracker() {
  const account = await createAccount(t, { settings: { custom_commands_available: '1' } });
  const phone = `+1312555${String(1000 + phones++).slice(-4)}${String(Date.now()).slice(-3)}`;
  const device = await createDevice(t, account, { phone });
  const admin = await authHeader(t, (await createUser(t, { account, role: 'admin' })).email);
  const send = async (command: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${device.id}/commands`,
      headers: admin,
      payload: { id: null, payload: { command }, send_via: ['sms'] },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: number; status: string };
  };
  const log = async () => {
    const response = await t.app.inject({
      url: `/api/devices/${device.id}/dialogs`,
      headers: admin,
    });
    return (response.json().data as { message_to_device: string; status: string }[]).map(
      (m) => `${m.message_to_device} ${m.status}`,
    );
  };
  const texts = async () => (await world.smsTo(phone)).map((s) => s.text);
  return { phone, send, log, texts };
}

/** The queue runs the message's send job once more, as after a kill before it was marked. */
async function sendJobAgain(commandId: number) {
  const [message] = await world.messages(`command:${commandId}:sms`);
  await t.ctx.jobs.enqueue('outbound-message', { message_id: message!.id });
  await t.ctx.jobs.idle();
}

describe('SMS commands through the outbox', () => {
  it('is queued, then sent once, however often the send job runs', async () => {
    const f = await tracker();
    const command = await f.send('WHERE#');
    expect(command.status).toBe('queued');
    await t.ctx.jobs.idle();
    expect(await f.log()).toEqual(['WHERE# sent']);
    expect(await f.texts()).toEqual(['WHERE#']);

    await sendJobAgain(command.id);
    await sendJobAgain(command.id);
    expect(await f.texts()).toEqual(['WHERE#']);
    expect(await world.messages(`command:${command.id}:sms`)).toEqual([
      expect.objectContaining({ status: 'sent', kind: 'device-command', to: f.phone, attempts: 1 }),
    ]);
  });

  it('stays queued while the provider refuses, and is sent once when the retry gets through', async () => {
    const f = await tracker();
    world.refuse(f.phone);
    const command = await f.send('STATUS#');
    await t.ctx.jobs.idle();
    expect(await f.log()).toEqual(['STATUS# queued']);
    const [refused] = await world.messages(`command:${command.id}:sms`);
    expect(refused).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(refused!.last_error).toBe(`SMS provider answered 400 for ${f.phone}`);

    world.accept(f.phone);
    await world.backOffElapses();
    await sendJobAgain(command.id);
    expect(await f.log()).toEqual(['STATUS# sent']);
    expect(await f.texts()).toEqual(['STATUS#']);
  });

  it('is failed when every attempt was refused, and nothing was sent', async () => {
    const f = await tracker();
    world.refuse(f.phone);
    const command = await f.send('RESET#');
    await t.ctx.jobs.idle();
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) await world.backOffElapses();
    expect(await f.log()).toEqual(['RESET# failed']);
    expect(await world.messages(`command:${command.id}:sms`)).toEqual([
      expect.objectContaining({ status: 'failed', attempts: MAX_ATTEMPTS }),
    ]);
    // A stray run after the last attempt sends nothing and changes nothing.
    await sendJobAgain(command.id);
    expect(await f.texts()).toEqual([]);
    expect(await f.log()).toEqual(['RESET# failed']);
  });
});
