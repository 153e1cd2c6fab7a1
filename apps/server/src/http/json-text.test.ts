import { gunzipSync } from 'node:zlib';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sendJsonStream, sendJsonText } from './json-text';
import { SharedJson } from './shared-json';

const app = Fastify();
const big = JSON.stringify({ data: Array.from({ length: 20_000 }, (_, i) => ({ id: i })) });
app.get('/big', (request, reply) => sendJsonText(request, reply, big));
app.get('/small', (request, reply) => sendJsonText(request, reply, '{"data":[]}'));

/** `text` in chunks of 10,000 characters, as a list query yields it. */
async function* inChunks(text: string) {
  for (let i = 0; i < text.length; i += 10_000) yield Buffer.from(text.slice(i, i + 10_000));
}
async function* failingAfter(chunks: string[]) {
  for (const chunk of chunks) yield Buffer.from(chunk);
  throw new Error('database gone');
}
app.get('/stream/big', (request, reply) =>
  sendJsonStream(request, reply, new SharedJson(inChunks(big))),
);
app.get('/stream/small', (request, reply) =>
  sendJsonStream(request, reply, new SharedJson(inChunks('{"data":[{"id":1}]}'))),
);
app.get('/stream/fails-at-once', (request, reply) =>
  sendJsonStream(request, reply, new SharedJson(failingAfter([]))),
);
app.get('/stream/fails-midway', (request, reply) =>
  sendJsonStream(request, reply, new SharedJson(failingAfter([big.slice(0, 100_000)]))),
);
afterAll(() => app.close());

/** A JSON answer sent gzipped: at most a quarter of `json`'s size, and `json` once unzipped. */
function expectGzipped(response: LightMyRequestResponse, json: string) {
  expect(response.headers['content-encoding']).toBe('gzip');
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.rawPayload.length).toBeLessThan(json.length / 4);
  expect(gunzipSync(response.rawPayload).toString()).toBe(json);
}

describe('sendJsonText', () => {
  it('gzips a big body for clients that accept gzip and sends it plain to the others', async () => {
    expectGzipped(
      await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } }),
      big,
    );

    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data).toHaveLength(20_000);
  });

  it('does not compress small bodies', async () => {
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ data: [] });
  });
});

describe('sendJsonStream', () => {
  it('streams a big body, gzipped for clients that accept gzip and plain to the others', async () => {
    const zipped = await app.inject({ url: '/stream/big', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.statusCode).toBe(200);
    expectGzipped(zipped, big);

    const plain = await app.inject({ url: '/stream/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big);
  });

  it('sends a small body whole and plain, with its length', async () => {
    const small = await app.inject({
      url: '/stream/small',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['content-length']).toBe(String('{"data":[{"id":1}]}'.length));
    expect(small.json()).toEqual({ data: [{ id: 1 }] });
  });

  it('answers a failure before the first bytes with an error response', async () => {
    const failed = await app.inject({ url: '/stream/fails-at-once' });
    expect(failed.statusCode).toBe(500);
  });

  it('cuts the response short on a failure after the first bytes', async () => {
    await expect(app.inject({ url: '/stream/fails-midway' })).rejects.toThrow(
      'response destroyed before completion',
    );
  });
});
