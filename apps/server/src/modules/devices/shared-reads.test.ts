import { describe, expect, it } from 'vitest';
import { SharedReads } from './shared-reads';

describe('SharedReads', () => {
  it('lets requests that come while a read runs share it, and reads again afterwards', async () => {
    const reads = new SharedReads();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 10));
      return `list ${loads}`;
    };
    const [a, b] = await Promise.all([reads.read('k', load), reads.read('k', load)]);
    expect([a, b]).toEqual(['list 1', 'list 1']);
    expect(await reads.read('other', load)).toBe('list 2');
    expect(await reads.read('k', load)).toBe('list 3');
  });

  it('passes a failure to every waiting request and forgets it', async () => {
    const reads = new SharedReads();
    const failing = () => Promise.reject(new Error('database gone'));
    const both = [reads.read('k', failing), reads.read('k', failing)];
    await expect(both[0]).rejects.toThrow('database gone');
    await expect(both[1]).rejects.toThrow('database gone');
    expect(await reads.read('k', async () => 'back')).toBe('back');
  });
});
