import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outboundMessages } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { refusingWorld, type RefusingWorld } from './delivery.fixture';
import { queueMessages } from './outbound-messages';
import { MAX_ATTEMPTS } from './outbound-retry';

/** Issue 39 item 12: the outbox carries mail with files, text messages and webhooks. */
let t: TestApp;
let world: RefusingWorld;
let receiver: Server;
let hookUrl: string;
/** What the webhook stand-in was sent, by path: body and headers. */
const posted = new Map<string, { body: unknown; headers: IncomingHttpHeaders }[]>();
const refusedPaths = new Set<string>();

beforeAll(async () => {
  t = await createTestApp();
  world = refusingWorld(t);
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '/';
      const list = posted.get(path) ?? [];
      list.push({ body: JSON.parse(body), headers: request.headers });
      posted.set(path, list);
      response.statusCode = refusedPaths.has(path) ? 503 : 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const rowOf = async (key: string) =>
  (await t.db.select().from(outboundMessages).where(eq(outboundMessages.key, key)))[0]!;

describe('the outbox channels', () => {
  it('mails a file from storage once and removes it once sent', async () => {
    const content = Buffer.from('PK\u0003\u0004 a workbook');
    const mail = {
      key: 'test:file:1',
      kind: 'test',
      to: 'files@example.test',
      subject: 'Your file',
      text: 'Attached.',
      attachments: [
        { filename: 'summary 2026-12-01.xlsx', contentType: 'application/xlsx', content },
      ],
    };
    await queueMessages(t.ctx, [mail]);
    const queued = await rowOf('test:file:1');
    // The bytes are in storage, the row holds a reference only.
    const [file] = queued.attachments!;
    expect(file).toMatchObject({ filename: 'summary 2026-12-01.xlsx' });
    expect(JSON.stringify(queued)).not.toContain(content.toString('base64'));
    expect((await t.ctx.storage.get(file!.storage_key))?.equals(content)).toBe(true);
    await t.ctx.jobs.idle();

    const [sent, ...more] = await world.mailsTo('files@example.test');
    expect(more).toEqual([]);
    expect(sent!.attachments).toEqual([
      {
        filename: 'summary 2026-12-01.xlsx',
        content_type: 'application/xlsx',
        content_base64: content.toString('base64'),
      },
    ]);
    expect(await rowOf('test:file:1')).toMatchObject({
      status: 'sent',
      attachments: null,
      text: '',
    });
    expect(await t.ctx.storage.get(file!.storage_key)).toBeUndefined();

    // Queued again (a fan-out re-run after a crash): dropped, and no orphan file is left.
    await queueMessages(t.ctx, [mail]);
    await t.ctx.jobs.idle();
    expect(await world.mailsTo('files@example.test')).toHaveLength(1);
    expect(await t.ctx.storage.get(file!.storage_key)).toBeUndefined();
  });

  it('posts a webhook with its key, retries a refusing receiver alone, and texts', async () => {
    refusedPaths.add('/down');
    await queueMessages(t.ctx, [
      {
        key: 'test:hook:up',
        kind: 'test',
        channel: 'webhook',
        url: `${hookUrl}/up`,
        body: { n: 1 },
      },
      {
        key: 'test:hook:down',
        kind: 'test',
        channel: 'webhook',
        url: `${hookUrl}/down`,
        body: { n: 2 },
      },
      { key: 'test:sms:1', kind: 'test', channel: 'sms', to: '+13125550199', text: 'Hello' },
    ]);
    await t.ctx.jobs.idle();
    expect(posted.get('/up')).toEqual([
      {
        body: { n: 1 },
        headers: expect.objectContaining({
          'content-type': 'application/json',
          'idempotency-key': 'test:hook:up',
        }),
      },
    ]);
    expect(await rowOf('test:hook:up')).toMatchObject({
      status: 'sent',
      outcome: 'Answered HTTP 204',
    });
    expect(await rowOf('test:hook:down')).toMatchObject({
      status: 'retrying',
      attempts: 1,
      last_error: 'Answered HTTP 503',
    });
    expect((await world.smsTo('+13125550199')).map((s) => s.text)).toEqual(['Hello']);

    // The receiver is back; the queue's retry posts the refused one only.
    refusedPaths.delete('/down');
    await world.backOffElapses();
    expect(posted.get('/up')).toHaveLength(1);
    expect(posted.get('/down')).toHaveLength(2);
    expect(await rowOf('test:hook:down')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await world.smsTo('+13125550199')).toHaveLength(1);
  });

  it('marks a message failed for good after the last attempt, and tries it no more', async () => {
    world.refuse('gone@example.test');
    await queueMessages(t.ctx, [
      { key: 'test:gone', kind: 'test', to: 'gone@example.test', subject: 'Hi', text: 'Body' },
    ]);
    await t.ctx.jobs.idle();
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await rowOf('test:gone')).toMatchObject({ status: 'retrying', attempts: attempt - 1 });
      await world.backOffElapses();
    }
    const failed = await rowOf('test:gone');
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, text: 'Body' });
    expect(failed.last_error).toBe('550 mailbox gone@example.test unavailable');
    // Nothing is left to retry it: the queue holds no retry, and a late one would claim nothing.
    world.accept('gone@example.test');
    await world.backOffElapses();
    expect(await world.mailsTo('gone@example.test')).toEqual([]);
    expect((await rowOf('test:gone')).status).toBe('failed');
  });
});
