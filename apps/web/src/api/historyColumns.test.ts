import { afterEach, describe, expect, it, vi } from 'vitest';
import { positionsOfColumns } from '@waymark/domain';
import { checkedColumns, NO_HISTORY } from './historyColumns';

/** A `format=columns` body as the server writes it: `n` fixes 10 s apart, a reefer's probes. */
function body(n: number) {
  const start = Date.parse('2026-11-24T00:00:00Z');
  const each = <T>(value: (i: number) => T) => Array.from({ length: n }, (_, i) => value(i));
  return {
    device_id: 7,
    times: each((i) => start + i * 10_000),
    lat: each((i) => 41.85 + i / 1e6),
    lng: each((i) => -87.75 - i / 1e6),
    fix: each((i) => (i % 100 === 0 ? 'cell' : 'gps')),
    speed: each((i) => (i % 3 === 0 ? 0 : 12.5)),
    course: each((i) => (i * 7) % 360),
    altitude: each(() => null),
    accuracy: each((i) => (i % 100 === 0 ? 1200 : 5)),
    battery: each((i) => 100 - i / n),
    temperature: each((i) => (i % 2 ? 3.5 : null)),
    humidity: each(() => 61),
    odometer: each((i) => i * 100),
    address: each((i) => (i === 0 ? 'Depot, Chicago' : null)),
    is_inside_geofences: each((i) => i < 10),
  };
}

describe('checkedColumns', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers 86,400 fixes in the arrays they came in, warning of nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sent = body(86_400);
    const history = checkedColumns(sent, 'positions');
    expect(history.times).toBe(sent.times);
    expect(history.temperature).toBe(sent.temperature);
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads as the positions the default form sends, fix by fix', () => {
    const history = checkedColumns(body(3), 'positions');
    expect(positionsOfColumns(history)[0]).toEqual({
      device_id: 7,
      location: [-87.75, 41.85],
      lat: 41.85,
      lng: -87.75,
      timestamp: '2026-11-24T00:00:00.000Z',
      fix: 'cell',
      speed: 0,
      course: 0,
      altitude: null,
      accuracy: 1200,
      battery: 100,
      temperature: null,
      humidity: 61,
      odometer: 0,
      address: 'Depot, Chicago',
      is_inside_geofences: true,
    });
    expect(positionsOfColumns(history)[2]!.timestamp).toBe('2026-11-24T00:00:20.000Z');
  });

  it('warns of a value of the wrong kind, wherever in the range, and still answers the columns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sent = body(10_000);
    (sent.speed as unknown[])[9_999] = 'fast';
    expect(checkedColumns(sent, 'positions').speed).toBe(sent.speed);
    expect(warn).toHaveBeenCalledWith('Unexpected positions response', expect.anything());
  });

  it('reads a sensor column that is missing or of another length as not reported', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sent: Partial<ReturnType<typeof body>> = body(5);
    delete sent.humidity;
    sent.battery = [1, 2];
    const history = checkedColumns(sent, 'positions');
    expect(history.humidity).toEqual([null, null, null, null, null]);
    expect(history.battery).toEqual([null, null, null, null, null]);
    expect(history.lat).toBe(sent.lat);
    expect(warn).toHaveBeenCalledWith(
      'Unexpected positions response: humidity is not one value per fix',
    );
  });

  it('answers no history for a body without times or places one per fix', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const short = { ...body(4), lng: [1, 2, 3] };
    expect(checkedColumns(short, 'positions')).toBe(NO_HISTORY);
    expect(checkedColumns([], 'positions')).toBe(NO_HISTORY);
    expect(checkedColumns(null, 'positions')).toBe(NO_HISTORY);
    expect(warn).toHaveBeenCalledWith('Unexpected positions response: no lng as long as times');
  });
});
