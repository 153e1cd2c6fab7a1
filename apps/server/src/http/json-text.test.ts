import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sendJsonText } from './json-text';

const app = Fastify();
const big = JSON.stringify({ data: Array.from({ length: 20_000 }, (_, i) => ({ id: i })) });
app.get('/big', (request, reply) => sendJsonText(request, reply, big));
app.get('/small', (request, reply) => sendJsonText(request, reply, '{"data":[]}'));
afterAll(() => app.close());

describe('sendJsonText', () => {
  it('gzips a big body for clients that accept gzip and sends it plain to the others', async () => {
    const zipped = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zipped.rawPayload.length).toBeLessThan(big.length / 4);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(big);

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
