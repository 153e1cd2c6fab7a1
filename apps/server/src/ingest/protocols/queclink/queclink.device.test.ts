import { describe, expect, it } from 'vitest';
import { queclinkProtocol } from './queclink.decoder';
import {
  encodeQueclinkFri,
  encodeQueclinkHeartbeat,
  encodeQueclinkLowBattery,
  encodeQueclinkSos,
  nextQueclinkCount,
} from './queclink.device';
import type { QueclinkLocation } from './queclink.device';
import {
  encodeQueclinkBinaryFri,
  encodeQueclinkBinaryHeartbeat,
  encodeQueclinkBinarySos,
  imeiBytes,
} from './queclink-binary.device';

const NOW = new Date('2024-05-01T12:00:00Z');
const IMEI = '860599000773978';
const LOCATION: QueclinkLocation = {
  time: new Date('2024-05-01T11:59:30Z'),
  lat: 47.606209,
  lng: -122.332069,
  speedKmh: 62.5,
  course: 45,
  altitude: 56,
  accuracy: 1,
  battery: 88,
  cell: { mcc: 310, mnc: 260, lac: 0x2ca2, cid: 0x14a2e17 },
};

function decodeOne(frame: Buffer) {
  const result = queclinkProtocol.decode(queclinkProtocol.createSession(), frame, NOW);
  expect(result.consumed).toBe(frame.length);
  return result.messages[0]!;
}

describe('Queclink device encoder', () => {
  it('writes GTFRI as the GL300 document lays it out', () => {
    expect(encodeQueclinkFri(IMEI, LOCATION, 0x11f0).toString()).toBe(
      '+RESP:GTFRI,1A0102,860599000773978,gl300,0,0,1,1,62.5,45,56.0,-122.332069,47.606209,20240501115930,0310,0260,2CA2,14A2E17,00,88,20240501115930,11F0$',
    );
  });

  it('round-trips GTFRI: the server stores the fix with battery and cell, and SACKs the count', () => {
    const message = decodeOne(encodeQueclinkFri(IMEI, LOCATION, 7));
    expect(Buffer.from(message.reply!).toString()).toBe('+SACK:0007$');
    expect(message.positions[0]).toMatchObject({
      serial: IMEI,
      deviceTime: LOCATION.time,
      lat: 47.606209,
      lng: -122.332069,
      speed: 62.5,
      course: 45,
      altitude: 56,
      battery: 88,
      valid: true,
      cell: LOCATION.cell,
    });
  });

  it('sends SOS and backup-battery-low as their reports, and a heartbeat the server SACKs', () => {
    expect(decodeOne(encodeQueclinkSos(IMEI, LOCATION, 8)).positions[0]).toMatchObject({
      alarm: 'sos',
    });
    expect(decodeOne(encodeQueclinkLowBattery(IMEI, LOCATION, 9)).positions[0]).toMatchObject({
      alarm: 'lowBattery',
    });
    expect(Buffer.from(decodeOne(encodeQueclinkHeartbeat(IMEI, NOW, 10)).reply!).toString()).toBe(
      '+SACK:GTHBD,1A0102,000A$',
    );
    expect(nextQueclinkCount(0xffff)).toBe(0);
  });
});

describe('Queclink HEX device encoder', () => {
  it('writes the IMEI as the documents do: two digits a byte, the last digit alone', () => {
    expect(imeiBytes('135790246811220').toString('hex')).toBe('0d395a18440b1600');
  });

  it('round-trips +RSP GTFRI: the server reads the point, battery and cell, and SACKs the count', () => {
    const message = decodeOne(encodeQueclinkBinaryFri(IMEI, LOCATION, 0x1a2b));
    expect(Buffer.from(message.reply!).toString()).toBe('+SACK:1A2B$');
    expect(message.positions).toEqual([
      {
        serial: IMEI,
        deviceTime: LOCATION.time,
        lat: 47.606209,
        lng: -122.332069,
        valid: true,
        fix: 'gps',
        speed: 62.5,
        speedUnit: 'kmh',
        course: 45,
        altitude: 56,
        battery: 88,
        // The HEX cell ID has 2 bytes: the tower's low 16 bits.
        cell: { ...LOCATION.cell, cid: 0x2e17 },
        attributes: { hdop: 1, power: 12.6, report: 'GTFRI' },
      },
    ]);
  });

  it('sends SOS as its report and a heartbeat the server answers +SACK:GTHBD', () => {
    expect(decodeOne(encodeQueclinkBinarySos(IMEI, LOCATION, 3)).positions[0]).toMatchObject({
      alarm: 'sos',
    });
    expect(
      Buffer.from(decodeOne(encodeQueclinkBinaryHeartbeat(IMEI, NOW, 4)).reply!).toString(),
    ).toBe('+SACK:GTHBD,450102,0004$');
  });
});
