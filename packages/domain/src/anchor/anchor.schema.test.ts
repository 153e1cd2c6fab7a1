import { describe, expect, it } from 'vitest';
import { ANCHOR_MESSAGES, anchorStoreSchema, imageTooBigMessage } from './anchor.schema';

const base = { name: 'Dock 4', serial: 'AA:BB:CC:00:11:22', lat: 41.88, lng: -87.63 };

describe('anchorStoreSchema', () => {
  it('stores the serial lower case and defaults the radius to 30 feet', () => {
    const parsed = anchorStoreSchema.parse(base);
    expect(parsed.serial).toBe('aa:bb:cc:00:11:22');
    expect(parsed.radius).toBe(30);
    expect(parsed.notes).toBeNull();
  });

  it('accepts only the radius options 30 to 80 in steps of 10', () => {
    expect(anchorStoreSchema.parse({ ...base, radius: 80 }).radius).toBe(80);
    for (const radius of [20, 35, 90]) {
      const result = anchorStoreSchema.safeParse({ ...base, radius });
      expect(result.error?.issues[0]?.message).toBe(ANCHOR_MESSAGES.radius);
    }
  });

  it('names the missing name and serial', () => {
    const result = anchorStoreSchema.safeParse({ name: ' ', serial: '' });
    const messages = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toEqual([
      ['name', ANCHOR_MESSAGES.nameRequired],
      ['serial', ANCHOR_MESSAGES.serialRequired],
    ]);
  });

  it('turns blank optional texts into null', () => {
    const parsed = anchorStoreSchema.parse({ ...base, address: '  ', notes: '' });
    expect(parsed.address).toBeNull();
    expect(parsed.notes).toBeNull();
  });
});

it('words the image size message as spec 002 §8 does', () => {
  expect(imageTooBigMessage('dock.png')).toBe('dock.png size exceeds the maximum of 1 Mb');
});
