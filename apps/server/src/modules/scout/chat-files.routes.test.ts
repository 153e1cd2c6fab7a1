import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MAX_FILE_BYTES, type DialogFile } from '@waymark/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { scoutFleet, type Headers, type ScoutFleetFixture } from './scout.fixture';

let t: TestApp;
let f: ScoutFleetFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await scoutFleet(t);
});
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);

/** A multipart body with one file part, as a browser's FormData sends it. */
function multipart(filename: string, type: string, bytes: Buffer) {
  const boundary = '----waymark-scout-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(as: Headers, name: string, type: string, bytes: Buffer) {
  const body = multipart(name, type, bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/files/upload',
    headers: { ...as, ...body.headers },
    payload: body.payload,
  });
}

describe('POST /api/v2/files/upload', () => {
  it('keeps a PNG, a PDF and a CSV, recognised by their content, for the uploader to download', async () => {
    for (const [name, type, bytes, stored] of [
      ['dock.png', 'image/png', PNG, 'image/png'],
      ['manifest.pdf', 'application/pdf', PDF, 'application/pdf'],
      ['stops.csv', 'text/csv', Buffer.from('name,lat\nDock,41.9\n'), 'text/csv'],
      ['notes.yml', '', Buffer.from('fleet: north\n'), 'application/yaml'],
    ] as const) {
      const response = await upload(f.headers.admin, name, type, bytes);
      expect(response.statusCode, name).toBe(201);
      const file = response.json<{ data: DialogFile }>().data;
      expect(file).toEqual({
        id: expect.any(Number),
        original_name: name,
        mime_type: stored,
        size: bytes.length,
        download_url: `/api/v2/files/${file.id}/download`,
        created_at: expect.any(String),
      });
      const download = await t.app.inject({ url: file.download_url, headers: f.headers.admin });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(bytes)).toBe(true);
      expect(download.headers['content-disposition']).toContain(encodeURIComponent(name));
      const foreign = await t.app.inject({ url: file.download_url, headers: f.headers.otherAdmin });
      expect(foreign.statusCode).toBe(404);
    }
  });

  it('refuses other formats by name and by content with the spec’s message', async () => {
    const exe = await upload(f.headers.admin, 'tool.exe', 'application/x-msdownload', EXE);
    expect(exe.statusCode).toBe(422);
    expect(exe.json().errors.file).toEqual([
      'File tool.exe is not supported. Allowed formats: TXT, CSV, MD, JSON, XML, YAML, JPG, PNG, GIF, WEBP, PDF.',
    ]);
    // A program renamed to a text file is still a program.
    const renamed = await upload(f.headers.admin, 'notes.txt', 'text/plain', EXE);
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors.file).toEqual([
      'File notes.txt is not supported. Allowed formats: TXT, CSV, MD, JSON, XML, YAML, JPG, PNG, GIF, WEBP, PDF.',
    ]);
    // Text called a picture is not one.
    const fakePng = await upload(f.headers.admin, 'photo.png', 'image/png', Buffer.from('hello'));
    expect(fakePng.statusCode).toBe(422);
    expect(fakePng.json().errors.file).toEqual([
      'File photo.png is not supported. Its content does not match its type.',
    ]);
  });

  it('refuses a file over 32MB with the spec’s message', async () => {
    const big = Buffer.alloc(CHAT_MAX_FILE_BYTES + 1, 0x61);
    const response = await upload(f.headers.admin, 'big.txt', 'text/plain', big);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual([
      'File big.txt is too large. Maximum size is 32MB.',
    ]);
  });

  it('is 403 for a user who may not use Scout anywhere, 401 without a token', async () => {
    const viewer = await upload(f.headers.viewer, 'a.txt', 'text/plain', Buffer.from('a'));
    expect(viewer.statusCode).toBe(403);
    const anonymous = await upload({}, 'a.txt', 'text/plain', Buffer.from('a'));
    expect(anonymous.statusCode).toBe(401);
  });

  it('attaches uploaded files to a message', async () => {
    const file = (
      await upload(f.headers.admin, 'stops.csv', 'text/csv', Buffer.from('a,b\n'))
    ).json<{
      data: DialogFile;
    }>().data;
    const dialog = await f.start('Where is Alpha Truck?', f.headers.admin, { files: [file.id] });
    expect(dialog.messages[0]!.files).toEqual([file]);
    // Another user cannot attach it.
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v2/accounts/${f.account.id}/dialogs`,
      headers: f.headers.secondAdmin,
      payload: { message: 'hi', files: [file.id] },
    });
    expect(response.statusCode).toBe(422);
  });
});
