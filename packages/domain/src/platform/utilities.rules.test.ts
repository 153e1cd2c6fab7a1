import { describe, expect, it } from 'vitest';
import { serialRange, splitSerials } from './utilities.rules';

describe('serialRange', () => {
  it('counts up from the first serial, keeping its width', () => {
    expect(serialRange('0098', 3)).toEqual(['0098', '0099', '0100']);
    expect(serialRange('866000000000001', 2)).toEqual(['866000000000001', '866000000000002']);
  });

  it('is exact beyond the doubles (20-digit serials)', () => {
    expect(serialRange('89014103211118510720', 2)).toEqual([
      '89014103211118510720',
      '89014103211118510721',
    ]);
  });
});

describe('splitSerials', () => {
  it('splits on commas, semicolons and white space', () => {
    expect(splitSerials(' 1, 2;3\n4  ,, ')).toEqual(['1', '2', '3', '4']);
  });
});
