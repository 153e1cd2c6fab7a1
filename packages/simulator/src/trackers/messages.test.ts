import { describe, expect, it } from 'vitest';
import { gt06Protocol } from '../../../../apps/server/src/ingest/protocols/gt06/gt06.decoder';
import {
  encodeGt06Alarm,
  encodeGt06ExternalVoltage,
  encodeGt06Iccid,
  encodeGt06Login,
} from '../../../../apps/server/src/ingest/protocols/gt06/gt06.device';
import { teltonikaProtocol } from '../../../../apps/server/src/ingest/protocols/teltonika/teltonika.decoder';
import {
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
} from '../../../../apps/server/src/ingest/protocols/teltonika/teltonika.device';
import type { Fix } from '../trips/fix';
import {
  gt06ExternalVoltage,
  gt06SimIds,
  toGt06Location,
  toGt06Status,
  toOsmAnd,
  toTeltonika,
} from './messages';

const NOW = new Date('2024-05-01T12:00:00Z');
const SERIAL = '350000000000001';
const FIX: Fix = {
  time: new Date('2024-05-01T11:59:00Z'),
  lat: 36.1627,
  lng: -86.7816,
  speedKmh: 96.5,
  course: 45,
  altitude: 180,
  fix: 'gps',
  accuracy: 6,
  satellites: 9,
  battery: 82,
  charging: true,
  ignition: true,
};

describe('fix to protocol messages', () => {
  it('sends a simulated alarm through GT06 as the alarm the server decodes', () => {
    const session = gt06Protocol.createSession();
    const tamper = { ...FIX, alarm: 'tamper' as const };
    const frames = Buffer.concat([
      encodeGt06Login(SERIAL, 1),
      encodeGt06Alarm(toGt06Location(tamper), { ...toGt06Status(tamper), alarm: 'tamper' }, 2),
    ]);
    const [p] = gt06Protocol.decode(session, frames, NOW).messages.flatMap((m) => m.positions);
    expect(p).toMatchObject({ serial: SERIAL, alarm: 'tamper', speed: 97, valid: true });
  });

  it('reports a GT06 SIM and external power the server keeps on the tracker', () => {
    const session = gt06Protocol.createSession();
    const frames = Buffer.concat([
      encodeGt06Login(SERIAL, 1),
      encodeGt06Iccid(gt06SimIds(SERIAL), 2),
      encodeGt06ExternalVoltage(gt06ExternalVoltage(FIX), 3),
      encodeGt06ExternalVoltage(gt06ExternalVoltage({ ...FIX, charging: false }), 4),
    ]);
    const statuses = gt06Protocol.decode(session, frames, NOW).messages.map((m) => m.status);
    expect(statuses.slice(1)).toMatchObject([
      { iccid: '8901410000000000001' }, // 19 digits: 89 01 410 and the IMEI's last 12
      { externalVoltage: 13.9 },
      { externalVoltage: 0 },
    ]);
  });

  it('clears the GT06 positioned bit for wifi and cell fixes', () => {
    expect(toGt06Location({ ...FIX, fix: 'cell', satellites: 0 }).valid).toBe(false);
  });

  it('sends SOS over Teltonika as a panic-priority record, with a trailer tag when given', () => {
    const session = teltonikaProtocol.createSession();
    const record = toTeltonika({ ...FIX, alarm: 'sos' }, { major: 1, minor: 8 });
    const bytes = Buffer.concat([encodeTeltonikaImei(SERIAL), encodeTeltonikaAvl([record])]);
    const [p] = teltonikaProtocol.decode(session, bytes, NOW).messages.flatMap((m) => m.positions);
    expect(p).toMatchObject({ alarm: 'sos', battery: 82, ignition: true, motion: true });
    expect(p!.bleBeacons).toEqual([
      { id: 'f7826da6-4fa2-4e98-8024-bc5b71e0893e:1:8', rssi: -60, batteryVoltage: 3 },
    ]);
  });

  it('gives OsmAnd the accuracy, battery and alarm of the fix', () => {
    expect(toOsmAnd(SERIAL, { ...FIX, fix: 'wifi', accuracy: 45, alarm: 'sos' })).toMatchObject({
      id: SERIAL,
      accuracy: 45,
      battery: 82,
      charging: true,
      alarm: 'sos',
    });
  });
});
