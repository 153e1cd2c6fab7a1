import { describe, expect, it } from 'vitest';
import type { RawPosition } from '@waymark/domain';
import { normalise, normaliseBatch } from './normalise';

const device = { id: 7, accountId: 3, name: 'Truck 7' };
const now = new Date('2026-11-22T12:00:00Z');
const raw = (over: Partial<RawPosition> = {}): RawPosition => ({
  serial: '123',
  deviceTime: new Date('2026-11-22T11:59:00Z'),
  lat: 41.88,
  lng: -87.63,
  valid: true,
  fix: 'gps',
  ...over,
});

describe('normalise', () => {
  it('converts speed to m/s from km/h and knots', () => {
    const kmh = normalise(raw({ speed: 36, speedUnit: 'kmh' }), device, now);
    const knots = normalise(raw({ speed: 10, speedUnit: 'knots' }), device, now);
    expect(typeof kmh !== 'string' && kmh.speed).toBeCloseTo(10, 5);
    expect(typeof knots !== 'string' && knots.speed).toBeCloseTo(5.14444, 4);
  });

  it('gives cell and wifi fixes a typical accuracy when they report none', () => {
    const cell = normalise(raw({ fix: 'cell' }), device, now);
    const wifi = normalise(raw({ fix: 'wifi', accuracy: 20 }), device, now);
    expect(typeof cell !== 'string' && cell.accuracy).toBe(1500);
    expect(typeof wifi !== 'string' && wifi.accuracy).toBe(20);
  });

  it('clamps battery and humidity to percentages', () => {
    const p = normalise(raw({ battery: 130, humidity: -5 }), device, now);
    expect(typeof p !== 'string' && [p.battery, p.humidity]).toEqual([100, 0]);
  });

  it('drops fixes off the Earth and times no clock reports, and leaves the rest to the filter', () => {
    expect(normalise(raw({ lat: 95 }), device, now)).toBe('implausible-coordinates');
    expect(normalise(raw({ lng: -181 }), device, now)).toBe('implausible-coordinates');
    expect(normalise(raw({ deviceTime: new Date('1970-01-01T00:00:10Z') }), device, now)).toBe(
      'invalid-time',
    );
    // 0,0 and a fix a day ahead can be stored: the filter step marks them.
    expect(typeof normalise(raw({ lat: 0, lng: 0 }), device, now)).toBe('object');
    const ahead = normalise(raw({ deviceTime: new Date('2026-11-23T12:00:00Z') }), device, now);
    expect(typeof ahead).toBe('object');
  });

  it('drops a fix whose time is not a date, which no comparison would catch', () => {
    expect(normalise(raw({ deviceTime: new Date(Number.NaN) }), device, now)).toBe('invalid-time');
  });
});

describe('normaliseBatch', () => {
  it('orders by device then device time and drops duplicates', () => {
    const other = { id: 2, accountId: 3, name: 'Van 2' };
    const t = (m: number) => new Date(Date.UTC(2026, 10, 22, 11, m));
    const result = normaliseBatch(
      [
        { raw: raw({ deviceTime: t(30) }), device },
        { raw: raw({ deviceTime: t(10) }), device },
        { raw: raw({ deviceTime: t(10) }), device },
        { raw: raw({ deviceTime: t(20) }), device: other },
        { raw: raw({ lat: 95, lng: 0 }), device },
      ],
      now,
    );
    expect(result.positions.map((p) => [p.deviceId, p.fixTime.getUTCMinutes()])).toEqual([
      [2, 20],
      [7, 10],
      [7, 30],
    ]);
    expect(result.dropped.map((d) => d.reason).sort()).toEqual([
      'duplicate',
      'implausible-coordinates',
    ]);
  });
});
