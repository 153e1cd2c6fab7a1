import { describe, expect, it } from 'vitest';
import { decodeOsmAnd } from './osmand.decoder';
import { encodeOsmAndQuery } from './osmand.device';
import type { OsmAndReport } from './osmand.device';

const NOW = new Date('2024-05-01T12:00:00Z');

const REPORT: OsmAndReport = {
  id: '100000000000042',
  time: new Date('2024-05-01T11:59:12Z'),
  lat: 35.2270869,
  lng: -80.8431267,
  speedKmh: 88.5,
  bearing: 214.3,
  altitude: 229,
  accuracy: 46,
  battery: 73,
  charging: true,
};

/** What the listener hands the decoder: the parsed query string of a GET. */
function decodeGet(query: string) {
  const params = Object.fromEntries(new URL(`/?${query}`, 'http://tracker').searchParams);
  return decodeOsmAnd({ method: 'GET', query: params }, NOW);
}

describe('OsmAnd device encoder', () => {
  it('round-trips a fix: time to the second, lat/lng to 1e-7, knots, bearing, battery', () => {
    const { positions, status } = decodeGet(encodeOsmAndQuery(REPORT));
    expect(status).toBe(200);
    const [p] = positions;
    expect(p).toMatchObject({
      serial: REPORT.id,
      deviceTime: REPORT.time,
      valid: true,
      speedUnit: 'knots',
      course: 214.3,
      altitude: 229,
      accuracy: 46,
      battery: 73,
      charging: true,
    });
    expect(p!.speed! * 1.852).toBeCloseTo(88.5, 3);
    expect(Math.abs(p!.lat - REPORT.lat)).toBeLessThan(1e-7);
    expect(Math.abs(p!.lng - REPORT.lng)).toBeLessThan(1e-7);
  });

  it('drops sub-second time the protocol cannot carry and sends charge=false', () => {
    const query = encodeOsmAndQuery({
      ...REPORT,
      time: new Date('2024-05-01T11:59:12.900Z'),
      charging: false,
    });
    expect(query).toContain('timestamp=1714564752');
    expect(decodeGet(query).positions[0]).toMatchObject({
      deviceTime: new Date('2024-05-01T11:59:12Z'),
      charging: false,
    });
  });

  it('passes an alarm through as the Traccar Client parameter, which the decoder keeps as an attribute', () => {
    const [p] = decodeGet(encodeOsmAndQuery({ ...REPORT, alarm: 'sos' })).positions;
    expect(p!.attributes).toMatchObject({ alarm: 'sos' });
  });

  it('uses the field names of the OsmAnd protocol page', () => {
    const keys = [...new URLSearchParams(encodeOsmAndQuery(REPORT)).keys()];
    expect(keys).toEqual([
      'id',
      'timestamp',
      'lat',
      'lon',
      'speed',
      'bearing',
      'altitude',
      'accuracy',
      'batt',
      'charge',
    ]);
  });
});
