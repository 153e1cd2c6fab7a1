import { describe, expect, it } from 'vitest';
import { allocateProtocols, buildFleet, parseMix, serialFor } from './fleet';

describe('serials', () => {
  it('are the prefix and the zero-padded index, 15 digits', () => {
    expect(serialFor('35000', 42)).toBe('350000000000042');
    expect(serialFor('', 7)).toBe('000000000000007');
    expect(serialFor('35000', 9_999_999_999)).toBe('350009999999999');
  });

  it('refuse prefixes that are not digits and indexes that do not fit', () => {
    expect(() => serialFor('35a', 1)).toThrow('Serial prefix must be 0 to 14 digits, got "35a"');
    expect(() => serialFor('3500000000000', 100)).toThrow('does not fit in 2 digits');
  });
});

describe('protocol mix', () => {
  it('parses osmand:gt06:teltonika weights, missing parts being 0', () => {
    expect(parseMix('2:1:1')).toEqual({ osmand: 2, gt06: 1, teltonika: 1 });
    expect(parseMix('0:1')).toEqual({ osmand: 0, gt06: 1, teltonika: 0 });
    expect(() => parseMix('1:x:1')).toThrow(
      '--mix must be up to 19 non-negative weights osmand:gt06:teltonika:h02:gps103:watch:queclink:meitrack:jt808:wialon:suntech:istartek:teltonikaUdp:ruptela:wialonUdp:topflytech:navtelecom:galileosky:jt600',
    );
    expect(() => parseMix('1:1:1:1:1:1:1:1:1:1:1:1:1:1:1:1:1:1:1:1')).toThrow(
      '--mix must be up to',
    );
    expect(() => parseMix('0:0:0')).toThrow('at least one positive weight');
  });

  it('gives each protocol its share, interleaved so any prefix of the fleet is mixed', () => {
    const protocols = allocateProtocols(1000, { osmand: 2, gt06: 1, teltonika: 1 });
    const count = (p: string, list = protocols) => list.filter((x) => x === p).length;
    expect([count('osmand'), count('gt06'), count('teltonika')]).toEqual([500, 250, 250]);
    const first8 = protocols.slice(0, 8);
    expect([count('osmand', first8), count('gt06', first8), count('teltonika', first8)]).toEqual([
      4, 2, 2,
    ]);
  });

  it('adds the later families only when the mix names them', () => {
    expect(parseMix('0:0:0:1')).toEqual({ osmand: 0, gt06: 0, teltonika: 0, h02: 1 });
    expect(allocateProtocols(4, { osmand: 1, gt06: 0, teltonika: 0, h02: 1 })).toEqual([
      'osmand',
      'h02',
      'osmand',
      'h02',
    ]);
    expect(allocateProtocols(3, { osmand: 1, gt06: 1, teltonika: 1 })).not.toContain('h02');
  });

  it('leaves out protocols of weight 0 and is the same on every call', () => {
    const mix = { osmand: 0, gt06: 3, teltonika: 1 };
    expect(allocateProtocols(12, mix)).not.toContain('osmand');
    expect(allocateProtocols(12, mix)).toEqual(allocateProtocols(12, mix));
  });

  it('builds a fleet of unique serials numbered from 1', () => {
    const fleet = buildFleet(30, '99', { osmand: 1, gt06: 1, teltonika: 1 });
    expect(fleet[0]).toMatchObject({ serial: '990000000000001' });
    expect(new Set(fleet.map((d) => d.serial)).size).toBe(30);
  });
});
