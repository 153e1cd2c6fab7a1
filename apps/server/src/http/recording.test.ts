import { describe, expect, it } from 'vitest';
import { Recording } from './recording';

/** A source the test feeds by hand. */
function handFed() {
  const queue: (Buffer | Error | null)[] = [];
  let wake: (() => void) | undefined;
  const source = (async function* () {
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const next = queue.shift()!;
      if (next === null) return;
      if (next instanceof Error) throw next;
      yield next;
    }
  })();
  const feed = (item: Buffer | Error | null) => {
    queue.push(item);
    wake?.();
  };
  return { source, feed };
}

const readAll = async (chunks: AsyncIterable<Buffer>) => {
  const seen: string[] = [];
  for await (const chunk of chunks) seen.push(chunk.toString());
  return seen;
};

describe('Recording', () => {
  it('gives every reader every chunk, however late it starts reading', async () => {
    const { source, feed } = handFed();
    const recording = new Recording(source);
    const early = recording.read();
    feed(Buffer.from('a'));
    feed(Buffer.from('b'));
    expect(String((await early.next()).value)).toBe('a');
    expect(String((await early.next()).value)).toBe('b');
    const late = readAll(recording.read());
    feed(Buffer.from('c'));
    feed(null);
    expect(await readAll(early)).toEqual(['c']);
    expect(await late).toEqual(['a', 'b', 'c']);
    expect(await readAll(recording.read())).toEqual(['a', 'b', 'c']);
  });

  it('reads its source whether or not anyone reads yet', async () => {
    const { source, feed } = handFed();
    const recording = new Recording(source);
    feed(Buffer.from('a'));
    feed(null);
    await recording.done;
    expect(await readAll(recording.read())).toEqual(['a']);
  });

  it("passes the source's failure to every reader after the chunks before it", async () => {
    const { source, feed } = handFed();
    const recording = new Recording(source);
    const seen: string[] = [];
    const reading = (async () => {
      for await (const chunk of recording.read()) seen.push(chunk.toString());
    })();
    feed(Buffer.from('a'));
    feed(new Error('database gone'));
    await expect(reading).rejects.toThrow('database gone');
    expect(seen).toEqual(['a']);
    await expect(readAll(recording.read())).rejects.toThrow('database gone');
    await expect(recording.done).resolves.toBeUndefined();
  });
});
