import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SharedJsonBodies } from './shared-json';

const bytesOf = async (chunks: AsyncIterable<Buffer>) => {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all);
};

describe('SharedJsonBodies', () => {
  it('lets requests that come while a body is produced share it, and produces it again after', async () => {
    const bodies = new SharedJsonBodies();
    let produced = 0;
    async function* produce() {
      produced += 1;
      const n = produced;
      await new Promise((r) => setTimeout(r, 10));
      yield Buffer.from(`{"list":${n}}`);
    }
    const first = bodies.body('k', produce);
    expect(bodies.body('k', produce)).toBe(first);
    expect(bodies.body('other', produce)).not.toBe(first);
    expect((await bytesOf(first.plain.read())).toString()).toBe('{"list":1}');
    await first.plain.done;
    const again = bodies.body('k', produce);
    expect(again).not.toBe(first);
    expect((await bytesOf(again.plain.read())).toString()).toBe('{"list":3}');
  });

  it('gzips a body once for everyone who accepts gzip', async () => {
    const bodies = new SharedJsonBodies();
    const text = JSON.stringify(Array.from({ length: 5000 }, (_, id) => ({ id })));
    async function* produce() {
      yield Buffer.from(text.slice(0, 1000));
      yield Buffer.from(text.slice(1000));
    }
    const body = bodies.body('k', produce);
    expect(body.gzipped()).toBe(body.gzipped());
    const zipped = await bytesOf(body.gzipped().read());
    expect(zipped.length).toBeLessThan(text.length / 4);
    expect(gunzipSync(zipped).toString()).toBe(text);
  });

  it('passes a failure to the gzipped readers too, and forgets the failed body', async () => {
    const bodies = new SharedJsonBodies();
    // eslint-disable-next-line require-yield -- a source that fails before its first chunk
    async function* failing(): AsyncGenerator<Buffer> {
      throw new Error('database gone');
    }
    const body = bodies.body('k', failing);
    await expect(bytesOf(body.gzipped().read())).rejects.toThrow('database gone');
    await expect(bytesOf(body.plain.read())).rejects.toThrow('database gone');
    async function* back() {
      yield Buffer.from('[]');
    }
    expect((await bytesOf(bodies.body('k', back).plain.read())).toString()).toBe('[]');
  });
});
