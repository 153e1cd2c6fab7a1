import { describe, expect, it } from 'vitest';
import { teltonikaProtocol } from './teltonika.decoder';
import { encodeTeltonikaAvl, encodeTeltonikaImei, readTeltonikaAck } from './teltonika.device';
import type { TeltonikaRecord } from './teltonika.device';

const NOW = new Date('2024-05-01T12:00:00Z');
const IMEI = '356307042441013';

const RECORD: TeltonikaRecord = {
  time: new Date('2024-05-01T11:58:00.250Z'),
  lat: 41.8781136,
  lng: -87.6297982,
  altitude: 181,
  angle: 93,
  satellites: 12,
  speedKmh: 104,
  ignition: true,
  movement: true,
  battery: 87,
  gsmSignal: 4,
  externalVoltage: 13.812,
};

function hexOf(bytes: Uint8Array | undefined): string {
  return Buffer.from(bytes ?? []).toString('hex');
}

/** Table-driven CRC-16/ARC, independent of the bitwise teltonika.crc.ts. */
const ARC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
  return c;
});
function referenceCrc(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) crc = (crc >>> 8) ^ ARC_TABLE[(crc ^ byte) & 0xff]!;
  return crc;
}

function handshaken() {
  const session = teltonikaProtocol.createSession();
  teltonikaProtocol.decode(session, encodeTeltonikaImei(IMEI), NOW);
  return session;
}

describe('Teltonika device encoder', () => {
  it('sends the IMEI handshake of the wiki example and gets 0x01 back', () => {
    const frame = encodeTeltonikaImei(IMEI);
    expect(hexOf(frame)).toBe('000f333536333037303432343431303133');
    const session = teltonikaProtocol.createSession();
    const { messages } = teltonikaProtocol.decode(session, frame, NOW);
    expect(messages[0]).toMatchObject({ serial: IMEI });
    expect(hexOf(messages[0]!.reply)).toBe('01');
  });

  it('frames a Codec 8E packet: zero preamble, data length, CRC-16/IBM over the data field', () => {
    const packet = encodeTeltonikaAvl([RECORD]);
    expect(packet.readUInt32BE(0)).toBe(0);
    const length = packet.readUInt32BE(4);
    expect(packet.length).toBe(8 + length + 4);
    const data = packet.subarray(8, 8 + length);
    expect(data[0]).toBe(0x8e);
    expect(data[1]).toBe(1);
    expect(data[length - 1]).toBe(1);
    expect(packet.readUInt32BE(8 + length)).toBe(referenceCrc(data));
  });

  it('round-trips records: time to the ms, lat/lng to 1e-7, speed, IO, and acks the count', () => {
    const second = { ...RECORD, time: new Date('2024-05-01T11:59:00Z'), lat: 41.9, speedKmh: 0 };
    const result = teltonikaProtocol.decode(
      handshaken(),
      encodeTeltonikaAvl([RECORD, second]),
      NOW,
    );
    expect(result.messages).toHaveLength(1);
    const message = result.messages[0]!;
    expect(readTeltonikaAck(message.reply ?? new Uint8Array())).toBe(2);
    const [p, q] = message.positions;
    expect(p).toMatchObject({
      serial: IMEI,
      deviceTime: RECORD.time,
      valid: true,
      speed: 104,
      speedUnit: 'kmh',
      course: 93,
      altitude: 181,
      satellites: 12,
      ignition: true,
      motion: true,
      battery: 87,
      gsmSignal: 4,
      attributes: { externalVoltage: 13.812 },
    });
    expect(p!.alarm).toBeUndefined();
    expect(Math.abs(p!.lat - RECORD.lat)).toBeLessThan(1e-7);
    expect(Math.abs(p!.lng - RECORD.lng)).toBeLessThan(1e-7);
    expect(q).toMatchObject({ deviceTime: second.time, lat: 41.9, speed: 0 });
  });

  it('marks a record without satellites invalid and a panic-priority record as an SOS alarm', () => {
    const packet = encodeTeltonikaAvl([{ ...RECORD, satellites: 0, priority: 2 }]);
    const [p] = teltonikaProtocol.decode(handshaken(), packet, NOW).messages[0]!.positions;
    expect(p).toMatchObject({ valid: false, alarm: 'sos' });
  });

  it('round-trips BLE beacons in IO 385 with RSSI and battery voltage', () => {
    const packet = encodeTeltonikaAvl([
      {
        ...RECORD,
        beacons: [
          {
            uuid: 'f7826da6-4fa2-4e98-8024-bc5b71e0893e',
            major: 100,
            minor: 7,
            rssi: -71,
            batteryVoltage: 2.95,
          },
          { uuid: '0102030405060708090a0b0c0d0e0f10', major: 1, minor: 2, rssi: -90 },
        ],
      },
    ]);
    const [p] = teltonikaProtocol.decode(handshaken(), packet, NOW).messages[0]!.positions;
    expect(p!.bleBeacons).toEqual([
      { id: 'f7826da6-4fa2-4e98-8024-bc5b71e0893e:100:7', rssi: -71, batteryVoltage: 2.95 },
      { id: '01020304-0506-0708-090a-0b0c0d0e0f10:1:2', rssi: -90 },
    ]);
  });

  it('carries western and southern coordinates as signed values', () => {
    const packet = encodeTeltonikaAvl([{ ...RECORD, lat: -34.6037, lng: -58.3816 }]);
    const [p] = teltonikaProtocol.decode(handshaken(), packet, NOW).messages[0]!.positions;
    expect(p).toMatchObject({ lat: -34.6037, lng: -58.3816 });
  });

  it('reads the 4-byte ack only once it is complete', () => {
    expect(readTeltonikaAck(Uint8Array.from([0, 0, 0]))).toBeUndefined();
    expect(readTeltonikaAck(Uint8Array.from([0, 0, 0, 0x20]))).toBe(32);
  });

  it('rejects an empty packet, more than 255 records and a non-numeric IMEI', () => {
    expect(() => encodeTeltonikaAvl([])).toThrow('must carry 1 to 255 records, got 0');
    expect(() => encodeTeltonikaAvl(Array.from({ length: 256 }, () => RECORD))).toThrow('got 256');
    expect(() => encodeTeltonikaImei('35630704244101A')).toThrow('must be 1 to 20 digits');
  });
});
