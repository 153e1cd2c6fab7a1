import { describe, expect, it } from 'vitest';
import { describeFix } from './fix.rules';

describe('describeFix', () => {
  it('names the kind of fix', () => {
    expect(describeFix('gps', null)).toBe('GPS fix');
    expect(describeFix('wifi', undefined)).toBe('Wi-Fi fix');
  });

  it('adds the accuracy in whole metres', () => {
    expect(describeFix('ble', 9.144)).toBe('BLE fix ±9 m');
    expect(describeFix('cell', 1500)).toBe('Cell fix ±1,500 m');
  });
});
