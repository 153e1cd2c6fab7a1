import { describe, expect, it } from 'vitest';
import { decodedKind } from '../fuzz-ascii';
import { ProtocolError, type DecodedMessage } from '../types';
import { queclinkProtocol, type QueclinkSession } from './queclink.decoder';
import { FRI } from './queclink.fixtures';
import {
  ACK,
  EVT_VGN,
  HBD,
  INF,
  QUECLINK_BINARY_FIXTURES,
  RSP_FRI,
  RSP_LBC,
} from './queclink-binary.fixtures';

// Real HEX frames of queclink-binary.fixtures.ts (sources named there). The GB100 captures
// share IMEI 865084030003675: 56 32 54 03 00 03 43 05 read as two digits a byte is
// 86 50 84 03 00 03 67, then the last digit 5.
const NOW = new Date('2024-05-01T12:00:00Z');
const IMEI = '865084030003675';
const bytes = (hex: string) => Buffer.from(hex, 'hex');
const replyOf = (m: DecodedMessage) => Buffer.from(m.reply ?? []).toString('latin1');

function decode(input: Buffer, session: QueclinkSession = queclinkProtocol.createSession()) {
  const result = queclinkProtocol.decode(session, input, NOW);
  expect(result.consumed).toBe(input.length);
  return result.messages;
}
const known = (): QueclinkSession => ({ serial: IMEI });

describe('Queclink HEX fixtures', () => {
  it.each(QUECLINK_BINARY_FIXTURES.map((f) => [f.name, f] as const))('%s', (_name, fixture) => {
    const frame = bytes(fixture.hex);
    expect(decodedKind(decode(frame, fixture.needsImeiFirst ? known() : undefined))).toBe(
      fixture.decodes,
    );
    if (fixture.needsImeiFirst) {
      // Alone on a new connection the device name identifies nothing.
      expect(() => decode(frame)).toThrow(ProtocolError);
    }
  });
});

describe('Queclink HEX decoder', () => {
  it('reads a +RSP GTFRI point by its mask and answers +SACK with the count number', () => {
    // 2B525350 "+RSP", type 07 GTFRI, mask 00FC1FBF (speed, azimuth, altitude, cell, send time,
    // count, length, device type, versions, power), length 005D = 93, device type 45 GB100.
    // After the IMEI: battery 64 = 100 %, power 377E = 14206 mV, motion 42, satellites 07,
    // report 10, number 01. The point: HDOP 00 (fix failed), speed 0000 00 = 0.0 km/h,
    // azimuth 0000, altitude 007E = 126 m, lng FF75A151 = -9068207 → -9.068207,
    // lat 025C6A81 = 39611009 → 39.611009, time 07E1 08 01 08 1A 2A = 2017-08-01 08:26:42,
    // MCC 0268 → 268, MNC 0003 → 3, LAC 189C = 6300, cell 1AC5 = 6853. Count 19E1.
    const [message] = decode(bytes(RSP_FRI));
    expect(replyOf(message!)).toBe('+SACK:19E1$');
    expect(message!.positions).toEqual([
      {
        serial: IMEI,
        deviceTime: new Date('2017-08-01T08:26:42Z'),
        lat: 39.611009,
        lng: -9.068207,
        valid: false,
        fix: 'gps',
        speed: 0,
        speedUnit: 'kmh',
        course: 0,
        altitude: 126,
        cell: { mcc: 268, mnc: 3, lac: 6300, cid: 6853 },
        battery: 100,
        attributes: { power: 14.206, report: 'GTFRI' },
      },
    ]);
  });

  it('reads an event as a position with its event: GTVGN is ignition on', () => {
    // +EVT type 2D GTVGN. Between satellites (07) and the number (01): reserved 0000, report
    // type 02, ignition duration 00000000. Speed 0016 01 = 22.1 km/h (Traccar reads the three
    // bytes as one count of tenths, 563.3 km/h), azimuth 00F2 = 242, lat 025C6B1A → 39.611162,
    // time 07E1 08 01 08 24 1A = 2017-08-01 08:36:26.
    const [message] = decode(bytes(EVT_VGN));
    expect(message!.positions[0]).toMatchObject({
      deviceTime: new Date('2017-08-01T08:36:26Z'),
      lat: 39.611162,
      lng: -9.068048,
      speed: 22.1,
      course: 242,
      ignition: true,
      attributes: { report: 'GTVGN', power: 14.328 },
    });
    expect(replyOf(message!)).toBe('+SACK:19E2$');
  });

  it('finds the points after a GTLBC phone number, with HDOP and a Chinese cell', () => {
    // Unique ID 6762313030 2D446F = "gb100-Do" (mask bit 6): the IMEI comes from the connection.
    // Phone number length/type 70, digits 18 21 73 45 00 5F; number 01, HDOP 01, speed 0,
    // azimuth 0110 = 272, altitude 0045 = 69, lng 073C4D41 → 121.392449, lat 01DB86BD →
    // 31.164093, time 07E1 06 13 0B 2B 0F = 2017-06-19 11:43:15, MCC 0460 → 460.
    const [message] = decode(bytes(RSP_LBC), known());
    expect(message!.positions[0]).toMatchObject({
      serial: IMEI,
      deviceTime: new Date('2017-06-19T11:43:15Z'),
      lat: 31.164093,
      lng: 121.392449,
      valid: true,
      course: 272,
      altitude: 69,
      cell: { mcc: 460, mnc: 0, lac: 0x1877, cid: 0x13 },
      attributes: { hdop: 1, report: 'GTLBC' },
    });
  });

  it('keeps a buffered report (+BSP) as history at its own time, marked buffered', () => {
    const buffered = bytes(RSP_FRI);
    buffered.write('+BSP', 'latin1');
    const [position] = decode(buffered)[0]!.positions;
    expect(position).toMatchObject({
      deviceTime: new Date('2017-08-01T08:26:42Z'),
      attributes: { buffered: true, report: 'GTFRI' },
    });
  });

  it('reads every point of a report that carries several', () => {
    // The GTFRI capture with its one point repeated: number 02, length 93 + 32 = 125.
    const one = bytes(RSP_FRI);
    const pointAt = 24 + 3 + 4; // IMEI end, battery and power, motion..number
    const point = one.subarray(pointAt, pointAt + 32);
    const two = Buffer.concat([one.subarray(0, pointAt), point, point, one.subarray(pointAt + 32)]);
    two[pointAt - 1] = 2;
    two.writeUInt16BE(two.length, 9);
    expect(decode(two)[0]!.positions).toHaveLength(2);
  });

  it('answers the +HBD with +SACK:GTHBD and its count; reads battery and power from +INF', () => {
    // Mask EB: device type 01, firmware 0C01, IMEI 23 5C 1F 03 43 23 1B 00 = 35 92 31 03 67 35
    // 27 0, send time 2012-01-30 09:32:38, count 000D; no protocol version (bit 2 clear).
    const [heartbeat] = decode(bytes(HBD));
    expect(heartbeat!.status).toEqual({ serial: '359231036735270', time: NOW });
    expect(replyOf(heartbeat!)).toBe('+SACK:GTHBD,,000D$');
    // GTBAT group: status D0, power 312A = 12586 mV, battery 1013 = 4115 mV, 64 = 100 %; ICCID
    // 89 35 10 32 26 31 39 21 59 1F.
    const [info] = decode(bytes(INF), known());
    expect(info!.status).toEqual({
      serial: IMEI,
      time: NOW,
      externalVoltage: 12.586,
      batteryVoltage: 4.115,
      battery: 100,
      iccid: '8935103226313921591',
      attributes: { report: 'GTINF' },
    });
    expect(replyOf(info!)).toBe('+SACK:04F6$');
  });

  it('passes a HEX +ACK on as the command’s answer, without a SACK', () => {
    const [ack] = decode(bytes(ACK), known());
    expect(ack!.commandResponse).toBe('HEX +ACK 01, serial number FFFF');
    expect(ack!.reply).toBeUndefined();
  });

  it('reads ASCII and HEX on one connection, split anywhere, each SACKed', () => {
    const session = queclinkProtocol.createSession();
    const stream = Buffer.concat([bytes(RSP_FRI), Buffer.from(FRI, 'latin1'), bytes(EVT_VGN)]);
    const first = queclinkProtocol.decode(session, stream.subarray(0, 150), NOW);
    const rest = Buffer.concat([stream.subarray(first.consumed)]);
    const second = queclinkProtocol.decode(session, rest, NOW);
    expect(first.consumed + second.consumed).toBe(stream.length);
    expect([...first.messages, ...second.messages].map(replyOf)).toEqual([
      '+SACK:19E1$',
      '+SACK:11F0$',
      '+SACK:19E2$',
    ]);
  });

  it('reads a frame whose length field is wrong to its tail, and refuses an impossible length, a frame with no tail, and a unique ID that is no IMEI', () => {
    const long = bytes(RSP_FRI);
    long.writeUInt16BE(4000, 9);
    expect(() => decode(long)).toThrow('length must be 10 to 2048 bytes, got 4000');
    // 3 short, then 3 too long with the next frame after it: both cut at their tail and SACKed.
    for (const by of [-3, 3]) {
      const shifted = bytes(RSP_FRI);
      shifted.writeUInt16BE(shifted.length + by, 9);
      const read = decode(Buffer.concat([shifted, bytes(RSP_FRI)]));
      expect(read.map(replyOf)).toEqual(['+SACK:19E1$', '+SACK:19E1$']);
      expect(read[0]!.positions).toHaveLength(1);
    }
    const shifted = bytes(RSP_FRI);
    shifted.writeUInt16BE(shifted.length - 3, 9);
    expect(queclinkProtocol.decode({}, shifted, NOW).notices).toEqual([
      {
        kind: 'resynchronised',
        detail: `Queclink HEX +RSP: its length field disagrees, its tail ends it after ${shifted.length} bytes; cut there`,
      },
    ]);
    const tailless = bytes(RSP_FRI).subarray(0, -2);
    tailless.writeUInt16BE(tailless.length - 3, 9);
    expect(() => queclinkProtocol.decode({}, tailless, NOW)).toThrow(
      'and no tail ends it before the next frame',
    );
    const badImei = bytes(RSP_FRI);
    badImei[16] = 0xff;
    expect(() => decode(badImei)).toThrow('unique ID must be an IMEI');
    // Once the unit is known, a frame whose body does not read is dropped, the stream goes on.
    const result = queclinkProtocol.decode(known(), badImei, NOW);
    expect(result.messages).toEqual([]);
    expect(result.notices?.[0]?.kind).toBe('skipped-frame');
  });
});
