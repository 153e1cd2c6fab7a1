import { describe, expect, it } from 'vitest';
import { decodeOsmAnd } from './osmand.decoder';

/*
 * Requests are those of Traccar's OsmAndProtocolDecoderTest: query strings captured from OsmAnd
 * and Traccar Client, and JSON bodies posted by Traccar Client 5 on Android and iOS.
 */
const NOW = new Date('2024-05-01T12:00:00Z');

function query(path: string): Record<string, string> {
  return Object.fromEntries(new URL(path, 'http://tracker').searchParams);
}

const ANDROID_JSON =
  '{"location":{"timestamp":"2025-06-15T13:45:12.862Z","coords":{"latitude":37.4219983,"longitude":-122.084,"accuracy":5,"speed":0,"heading":-1,"altitude":5},"is_moving":false,"odometer":0,"event":"motionchange","battery":{"level":1,"is_charging":false},"activity":{"type":"still"},"extras":{},"_":"&id=48241179&lat=37.4219983&lon=-122.084&timestamp=2025-06-15T13:45:12.862Z&"},"device_id":"48241179"}';
const MOVING_JSON =
  '{"location":{"event":"motionchange","is_moving":false,"uuid":"0e9a2473-a9a7-4c00-997b-fb97d2154e75","timestamp":"2021-07-21T08:06:34.444Z","odometer":0,"coords":{"latitude":-6.1148096,"longitude":106.6837015,"accuracy":3.8,"speed":18.67,"speed_accuracy":0.26,"heading":63,"heading_accuracy":0.28,"altitude":35.7,"altitude_accuracy":3.8},"activity":{"type":"still","confidence":100},"battery":{"is_charging":false,"level":0.79},"extras":{}},"device_id":"8737767034"}';

describe('OsmAnd decoder', () => {
  it('decodes a GET query with unix seconds, knots and bearing', () => {
    const result = decodeOsmAnd(
      {
        method: 'GET',
        query: query(
          '/?id=123456789012345&timestamp=1504763810&lat=40.7232948571&lon=-74.0061408571&bearing=7.19889788244&speed=40&ignition=true&rpm=933&fuel=24',
        ),
      },
      NOW,
    );
    expect(result).toEqual({
      status: 200,
      positions: [
        {
          serial: '123456789012345',
          deviceTime: new Date('2017-09-07T05:56:50Z'),
          lat: 40.7232948571,
          lng: -74.0061408571,
          valid: true,
          fix: 'gps',
          course: 7.19889788244,
          speed: 40,
          speedUnit: 'knots',
          ignition: true,
          attributes: { rpm: 933, fuel: 24 },
        },
      ],
    });
  });

  it("reads a sensor bridge's temperature (°C) and humidity (%)", () => {
    const [position] = decodeOsmAnd(
      {
        method: 'GET',
        query: query('/?id=902064&timestamp=1504763810&lat=42.06&lon=-88.23&temp=-3.5&humidity=81'),
      },
      NOW,
    ).positions;
    expect(position).toMatchObject({ temperature: -3.5, humidity: 81 });
  });

  it('reads unix milliseconds, ISO 8601 and zone-less timestamps', () => {
    const time = (t: string) =>
      decodeOsmAnd(
        { method: 'GET', query: { id: '902064', lat: '42.06288', lon: '-88.23412', timestamp: t } },
        NOW,
      ).positions[0]!.deviceTime;
    expect(time('1442068686579')).toEqual(new Date(1442068686579));
    expect(time('2016-01-27T18:55:47Z')).toEqual(new Date('2016-01-27T18:55:47Z'));
    expect(time('2014-06-04 09:10:11')).toEqual(new Date('2014-06-04T09:10:11Z'));
    expect(() => time('yesterday')).toThrow(/not unix seconds, unix milliseconds or ISO 8601/);
  });

  it('uses the receive time when the device sends none, and reads batt, hdop, altitude, deviceid', () => {
    const [p] = decodeOsmAnd(
      {
        method: 'GET',
        query: query(
          '/?lat=60.0&lon=30.0&speed=0.0&heading=0.0&altitude=12.5&batt=87&hdop=6.0&deviceid=123456',
        ),
      },
      NOW,
    ).positions;
    expect(p).toMatchObject({
      serial: '123456',
      deviceTime: NOW,
      altitude: 12.5,
      battery: 87,
      attributes: { hdop: 6 },
    });
  });

  it('decodes a POST form body with accuracy, charge and valid', () => {
    const [p] = decodeOsmAnd(
      {
        method: 'POST',
        query: {},
        contentType: 'application/x-www-form-urlencoded',
        body: 'id=861001000719969&lat=41.666667&lon=-0.883333&timestamp=1377177267&accuracy=12&charge=true&valid=false',
      },
      NOW,
    ).positions;
    expect(p).toMatchObject({
      serial: '861001000719969',
      lat: 41.666667,
      lng: -0.883333,
      deviceTime: new Date('2013-08-22T13:14:27Z'),
      accuracy: 12,
      charging: true,
      valid: false,
    });
  });

  it('decodes the Traccar Client JSON: m/s speed, battery 0..1 as percent, unknown heading dropped', () => {
    const [p] = decodeOsmAnd(
      { method: 'POST', query: {}, contentType: 'application/json', body: ANDROID_JSON },
      NOW,
    ).positions;
    expect(p).toEqual({
      serial: '48241179',
      deviceTime: new Date('2025-06-15T13:45:12.862Z'),
      lat: 37.4219983,
      lng: -122.084,
      valid: true,
      fix: 'gps',
      speed: 0,
      speedUnit: 'mps',
      altitude: 5,
      accuracy: 5,
      motion: false,
      battery: 100,
      charging: false,
      attributes: { activity: 'still', event: 'motionchange', odometer: 0 },
    });
    const [moving] = decodeOsmAnd({ method: 'POST', query: {}, body: MOVING_JSON }, NOW).positions;
    expect(moving).toMatchObject({
      speed: 18.67,
      speedUnit: 'mps',
      course: 63,
      battery: 79,
      lat: -6.1148096,
    });
  });

  it('rejects a request without id, with a clear message', () => {
    expect(() =>
      decodeOsmAnd(
        { method: 'GET', query: query('/?timestamp=1377177267&lat=60.0&lon=30.0') },
        NOW,
      ),
    ).toThrow('OsmAnd request needs the device identifier in "id" or "deviceid"');
    expect(() =>
      decodeOsmAnd(
        {
          method: 'POST',
          query: {},
          body: MOVING_JSON.replace('"device_id":"8737767034"', '"x":1'),
        },
        NOW,
      ),
    ).toThrow(/no device_id/);
  });

  it('rejects missing or impossible coordinates and bad numbers', () => {
    expect(() => decodeOsmAnd({ method: 'GET', query: { id: '1', lat: '60' } }, NOW)).toThrow(
      /needs coordinates/,
    );
    expect(() =>
      decodeOsmAnd({ method: 'GET', query: { id: '1', lat: '95', lon: '30' } }, NOW),
    ).toThrow('Invalid latitude 95: must be between -90 and 90');
    expect(() =>
      decodeOsmAnd({ method: 'GET', query: { id: '1', lat: 'abc', lon: '30' } }, NOW),
    ).toThrow(/"lat" must be a number/);
    expect(() =>
      decodeOsmAnd({ method: 'POST', query: {}, body: '{"device_id":"1","location":{}}' }, NOW),
    ).toThrow(/coords.latitude/);
    expect(() =>
      decodeOsmAnd({ method: 'POST', query: {}, contentType: 'application/json', body: '{' }, NOW),
    ).toThrow(/not valid JSON/);
    expect(() => decodeOsmAnd({ method: 'PUT', query: {} }, NOW)).toThrow(/GET or POST/);
  });
});
