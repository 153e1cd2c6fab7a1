import { describe, expect, it } from 'vitest';
import { h02Protocol } from './h02.decoder';
import { encodeH02Alarm, encodeH02Heartbeat, encodeH02Location, h02Status } from './h02.device';
import type { H02Location } from './h02.device';

const NOW = new Date('2024-05-01T12:00:00Z');
const ID = '359339075012345';
const LOCATION: H02Location = {
  time: new Date('2024-05-01T11:59:30Z'),
  lat: 39.7392358,
  lng: -104.990251,
  speedKmh: 97,
  course: 271,
  valid: true,
  ignition: true,
  battery: 80,
  cell: { mcc: 310, mnc: 260, lac: 4660, cid: 11259375 },
};

function decodeOne(frame: Buffer) {
  const result = h02Protocol.decode(h02Protocol.createSession(), frame, NOW);
  expect(result.consumed).toBe(frame.length);
  expect(result.messages).toHaveLength(1);
  return result.messages[0]!;
}

describe('H02 device encoder', () => {
  it('writes the V1 of the document: DDMM.MMMM, knots, DDMMYY, status, battery, three cells', () => {
    expect(encodeH02Location(ID, LOCATION).toString('ascii')).toBe(
      '*HQ,359339075012345,V1,115930,A,3944.3541,N,10459.4151,W,52.38,271,010524,FFFFFFFF,80,3,310,260,4660,11259375,0,0,0,0#',
    );
  });

  it('round-trips a location through the decoder to within the format resolution', () => {
    const message = decodeOne(encodeH02Location(ID, LOCATION));
    expect(message.reply).toBeUndefined();
    const [p] = message.positions;
    expect(p).toMatchObject({
      serial: ID,
      deviceTime: LOCATION.time,
      valid: true,
      speedUnit: 'knots',
      course: 271,
      ignition: true,
      battery: 80,
      cell: LOCATION.cell,
    });
    expect(p!.speed! * 1.852).toBeCloseTo(97, 1);
    // 0.0001 minute is 1.7e-6 degrees.
    expect(Math.abs(p!.lat - LOCATION.lat)).toBeLessThan(2e-6);
    expect(Math.abs(p!.lng - LOCATION.lng)).toBeLessThan(2e-6);
  });

  it.each([['sos'], ['powerCut'], ['overspeed'], ['vibration'], ['geofence']] as const)(
    'round-trips a %s alarm through the status bits',
    (alarm) => {
      const [p] = decodeOne(
        encodeH02Location(ID, { ...LOCATION, alarm, ignition: false }),
      ).positions;
      expect(p).toMatchObject({ alarm, ignition: false });
    },
  );

  it.each([['sos'], ['lowBattery'], ['geofence']] as const)(
    'round-trips an ALRM of type %s',
    (alarm) => {
      const frame = encodeH02Alarm(ID, LOCATION, alarm);
      expect(frame.toString('ascii')).toMatch(
        /^\*HQ,359339075012345,ALRM,[123],115930,0,3944\.3541,N,/,
      );
      const [p] = decodeOne(frame).positions;
      expect(p).toMatchObject({ alarm, deviceTime: LOCATION.time, valid: true });
    },
  );

  it('carries minutes that round up to 60 into the degrees', () => {
    const [p] = decodeOne(
      encodeH02Location(ID, { ...LOCATION, lat: 10.9999999, lng: 0 }),
    ).positions;
    expect(p!.lat).toBeCloseTo(11, 6);
    expect(h02Status({ ignition: false })).toBe('FFFFFBFF');
  });

  it('sends the XT heartbeat, which the server keeps as status', () => {
    expect(decodeOne(encodeH02Heartbeat(ID)).status).toEqual({ serial: ID, time: NOW });
  });
});
