import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { DialogMessage } from '@waymark/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { scoutFleet, textOf, type Headers, type ScoutFleetFixture } from './scout.fixture';

interface Frame {
  type: string;
  channel?: string;
  event?: string;
  message?: string;
  data?: { dialog_id: number; message: DialogMessage };
  messages?: Frame[];
}

let t: TestApp;
let f: ScoutFleetFixture;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  f = await scoutFleet(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  baseUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.close());

async function connect(headers: Headers) {
  const socket = new WebSocket(`${baseUrl}/api/realtime`, { headers });
  const frames: Frame[] = [];
  socket.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as Frame;
    frames.push(...(frame.type === 'batch' ? frame.messages! : [frame]));
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, frames };
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

describe('realtime channel dialogs.{id}.messages', () => {
  it('pushes Scout’s steps and answer as AiMessageCreated to the dialog’s own user only', async () => {
    const dialog = await f.start('Where is Alpha Truck?');
    await f.messages(dialog.id);
    const channel = `dialogs.${dialog.id}.messages`;
    const mine = await connect(f.headers.admin);
    const colleague = await connect(f.headers.secondAdmin);
    mine.socket.send(JSON.stringify({ type: 'subscribe', channel }));
    colleague.socket.send(JSON.stringify({ type: 'subscribe', channel }));
    expect((await until(() => mine.frames.find((m) => m.channel === channel), 'mine')).type).toBe(
      'subscribed',
    );
    const refused = await until(
      () => colleague.frames.find((m) => m.channel === channel),
      'theirs',
    );
    expect(refused).toMatchObject({ type: 'error', message: 'Forbidden' });

    await t.app.inject({
      method: 'POST',
      url: `/api/v2/dialogs/${dialog.id}/messages`,
      headers: f.headers.admin,
      payload: { message: 'Which trackers are low on battery?' },
    });
    const final = await until(
      () =>
        mine.frames.find(
          (m) => m.event === 'AiMessageCreated' && m.data?.message.stop_reason === 'stop',
        ),
      'the answer',
    );
    const pushed = mine.frames.filter((m) => m.event === 'AiMessageCreated');
    expect(pushed.every((m) => m.channel === channel && m.data!.dialog_id === dialog.id)).toBe(
      true,
    );
    // The steps come first, without stop_reason; the answer last.
    expect(pushed.slice(0, -1).every((m) => m.data!.message.stop_reason === null)).toBe(true);
    expect(pushed.length).toBeGreaterThan(1);
    expect(textOf(final.data!.message)).toBe('1 tracker is below 20% battery: Bravo Van (12%).');
    // The pushed answer is the stored one.
    expect((await f.messages(dialog.id)).at(-1)).toEqual(final.data!.message);
    mine.socket.close();
    colleague.socket.close();
  });
});
