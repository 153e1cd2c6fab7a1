import { readdirSync } from 'node:fs';
import net from 'node:net';
import { Writable } from 'node:stream';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorImages, chatFiles } from '../db/schema';
import {
  authHeader,
  createAccount,
  createTestApp,
  createUser,
  type TestApp,
} from '../test/test-app';
import { UPLOAD_CUT_SHORT } from './uploads';

/**
 * Issue 39 item 7: an upload whose body stops before its end, on either upload endpoint, over a
 * real socket: a truncated multipart body is a 400 with its message, a client that goes away
 * mid-upload logs no server error, and neither leaves a file or a row behind.
 */
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});
let t: TestApp;
let port: number;
let headers: Record<string, string>;
let endpoints: [string, string][];

beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'info', stream } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  // Scout is open to the account's admin; anchors need the BLE flag.
  const account = await createAccount(t, { settings: { ble_tags: '1' } });
  const admin = await createUser(t, { account, role: 'admin' });
  headers = await authHeader(t, admin.email);
  const anchor = await t.app.inject({
    method: 'POST',
    url: `/api/accounts/${account.id}/anchors`,
    headers,
    payload: { name: 'Dock 9', serial: 'aa:bb:cc:00:00:09', lat: 41.9, lng: -87.6 },
  });
  const anchorId = anchor.json<{ data: { id: number } }>().data.id;
  endpoints = [
    ['anchor image', `/api/accounts/${account.id}/anchors/${anchorId}/images`],
    ['Scout attachment', '/api/v2/files/upload'],
  ];
});
afterAll(() => t.close());

const BOUNDARY = '----waymark-cut-short';
/** A file part's head and the first 64 KiB of a PNG, without the closing boundary. */
const cutBody = Buffer.concat([
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="dock.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  ),
  Buffer.from('89504e470d0a1a0a', 'hex'),
  Buffer.alloc(64 * 1024, 7),
]);

/**
 * Sends the request head and `body` on a socket of its own, announcing `length` bytes. `end`:
 * the client finishes sending and reads the answer; `abort`: it goes away without one.
 */
function send(path: string, length: number, mode: 'end' | 'abort') {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      const head = [
        `POST ${path} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Authorization: ${headers.authorization}`,
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
        `Content-Length: ${length}`,
        '',
        '',
      ].join('\r\n');
      socket.write(head);
      socket.write(cutBody, () => {
        if (mode === 'end') socket.end();
        else socket.destroy();
      });
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** Every file the storage adapter holds under DATA_DIR/files. */
function storedFiles(): string[] {
  try {
    return readdirSync(`${t.ctx.config.DATA_DIR}/files`, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

const errorsLogged = () =>
  lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

describe('an upload cut short', () => {
  it('is a 400 with its message on either endpoint when the body ends early', async () => {
    for (const [what, path] of endpoints) {
      const answer = await send(path, cutBody.length, 'end');
      expect(answer.split('\r\n')[0], what).toBe('HTTP/1.1 400 Bad Request');
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)), what).toEqual({
        message: UPLOAD_CUT_SHORT,
      });
    }
    expect(errorsLogged()).toEqual([]);
  });

  it('logs no server error when the client goes away mid-upload, and keeps nothing', async () => {
    for (const [, path] of endpoints) {
      // Announces a megabyte, sends 64 KiB and hangs up.
      expect(await send(path, 1024 * 1024, 'abort')).toBe('');
      // The next upload on the same endpoint is answered only after the server heard the hang-up.
      expect((await send(path, cutBody.length, 'end')).split('\r\n')[0]).toBe(
        'HTTP/1.1 400 Bad Request',
      );
    }
    expect(errorsLogged()).toEqual([]);
    expect(storedFiles()).toEqual([]);
    const [images] = await t.db.select({ n: count() }).from(anchorImages);
    const [files] = await t.db.select({ n: count() }).from(chatFiles);
    expect([images?.n, files?.n]).toEqual([0, 0]);
  });
});
