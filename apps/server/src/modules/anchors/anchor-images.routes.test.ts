import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@waymark/domain';
import {
  authHeader,
  createAccount,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with one file part, as a browser's FormData sends it. */
function multipart(filename: string, type: string, bytes: Buffer) {
  const boundary = '----waymark-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The storage key behind an image URL. */
const storageKey = (path: string) => path.replace(/^\/api\//, '');

async function anchorOf(role: Role = 'admin') {
  const account = await createAccount(t, { settings: { ble_tags: '1' } });
  const admin = await createUser(t, { account, role: 'admin' });
  const adminHeaders = await authHeader(t, admin.email);
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/accounts/${account.id}/anchors`,
    headers: adminHeaders,
    payload: { name: 'Dock', serial: `s${Math.random().toString(36).slice(2)}`, lat: 1, lng: 1 },
  });
  const user = role === 'admin' ? admin : await createUser(t, { account, role });
  return {
    account,
    anchorId: created.json().data.id as number,
    headers: role === 'admin' ? adminHeaders : await authHeader(t, user.email),
    adminHeaders,
  };
}

function upload(
  accountId: number,
  anchorId: number,
  headers: Record<string, string>,
  file = multipart('dock.png', 'image/png', PNG),
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/accounts/${accountId}/anchors/${anchorId}/images`,
    headers: { ...headers, ...file.headers },
    payload: file.payload,
  });
}

describe('POST /api/accounts/{id}/anchors/{anchorId}/images', () => {
  it('stores the photo; its path serves it to an <img> without a token', async () => {
    const { account, anchorId, headers } = await anchorOf();
    const response = await upload(account.id, anchorId, headers);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual({
      id: expect.any(Number),
      path: expect.stringMatching(/^\/api\/anchor-images\/[0-9a-f-]{36}\.png$/),
    });

    expect(await t.ctx.storage.get(storageKey(data.path))).toEqual(PNG);
    const image = await t.app.inject({ url: data.path });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const listed = await t.app.inject({ url: `/api/accounts/${account.id}/anchors`, headers });
    expect(listed.json().data[0].images).toEqual([data]);
  });

  it("refuses a file over 1 Mb with the spec's message naming the file", async () => {
    const { account, anchorId, headers } = await anchorOf();
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const response = await upload(
      account.id,
      anchorId,
      headers,
      multipart('warehouse.png', 'image/png', big),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'warehouse.png size exceeds the maximum of 1 Mb',
      errors: { image: ['warehouse.png size exceeds the maximum of 1 Mb'] },
    });
    const listed = await t.app.inject({ url: `/api/accounts/${account.id}/anchors`, headers });
    expect(listed.json().data[0].images).toEqual([]);
  });

  it('takes images only, judged by their content, and needs a file', async () => {
    const { account, anchorId, headers } = await anchorOf();
    const disguised = await upload(
      account.id,
      anchorId,
      headers,
      multipart('x.png', 'image/png', Buffer.from('<svg onload="alert(1)"></svg>')),
    );
    expect(disguised.statusCode).toBe(422);
    expect(disguised.json().errors).toEqual({
      image: ['Only PNG, JPEG, GIF or WebP images can be uploaded'],
    });

    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${account.id}/anchors/${anchorId}/images`,
      headers,
      payload: {},
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ image: ['Choose an image to upload'] });
  });

  it("is for managers of Anchors of the anchor's own account", async () => {
    const viewer = await anchorOf('viewer');
    expect((await upload(viewer.account.id, viewer.anchorId, viewer.headers)).statusCode).toBe(403);

    const user = await anchorOf('user');
    expect((await upload(user.account.id, user.anchorId, user.headers)).statusCode).toBe(200);

    const other = await anchorOf();
    expect((await upload(other.account.id, viewer.anchorId, other.headers)).statusCode).toBe(404);
    expect((await upload(viewer.account.id, viewer.anchorId, other.headers)).statusCode).toBe(404);
  });
});

describe('DELETE /api/accounts/{id}/anchors/{anchorId}/images/{imageId}', () => {
  it('deletes the photo and its file', async () => {
    const { account, anchorId, headers } = await anchorOf();
    const image = (await upload(account.id, anchorId, headers)).json().data;
    const url = `/api/accounts/${account.id}/anchors/${anchorId}/images/${image.id}`;

    const other = await anchorOf();
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${other.account.id}/anchors/${other.anchorId}/images/${image.id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);

    const response = await t.app.inject({ method: 'DELETE', url, headers });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ url: image.path })).statusCode).toBe(404);
    expect(await t.ctx.storage.get(storageKey(image.path))).toBeUndefined();
    expect((await t.app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(404);
  });

  it('goes with the anchor, and a viewer cannot delete', async () => {
    const { account, anchorId, headers } = await anchorOf();
    const image = (await upload(account.id, anchorId, headers)).json().data;
    const viewer = await createUser(t, { account, role: 'viewer' });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${account.id}/anchors/${anchorId}/images/${image.id}`,
      headers: await authHeader(t, viewer.email),
    });
    expect(refused.statusCode).toBe(403);

    await t.app.inject({
      method: 'DELETE',
      url: `/api/accounts/${account.id}/anchors/${anchorId}`,
      headers,
    });
    expect((await t.app.inject({ url: image.path })).statusCode).toBe(404);
    expect(await t.ctx.storage.get(storageKey(image.path))).toBeUndefined();
  });
});

describe('GET /api/anchor-images/{name}', () => {
  it('answers 404 for names that were never handed out', async () => {
    for (const name of ['00000000-0000-0000-0000-000000000000.png', '..%2F..%2Fetc%2Fpasswd']) {
      expect((await t.app.inject({ url: `/api/anchor-images/${name}` })).statusCode).toBe(404);
    }
  });
});
