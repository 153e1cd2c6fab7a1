import { describe, expect, it } from 'vitest';
import { feed } from '../fuzz-ascii';
import { ProtocolError } from '../types';
import { navtelecomProtocol, type NavtelecomSession } from './navtelecom.decoder';
import {
  encodeNavtelecomExtended,
  encodeNavtelecomIdentification,
  encodeNavtelecomNegotiation,
  encodeNavtelecomOutOfTurn,
  encodeNavtelecomCurrent,
  type NavtelecomRecord,
} from './navtelecom.device';
import { TRACCAR, WIKI } from './navtelecom.fixtures';

/** Decoder tests on the real packets of navtelecom.fixtures.ts (sources named there). */
const NOW = new Date('2024-05-01T12:00:00Z');
const bytes = (h: string) => Buffer.from(h, 'hex');
const hex = (b: Uint8Array | undefined) => (b ? Buffer.from(b).toString('hex') : undefined);

function decode(session: NavtelecomSession, ...packets: (string | Buffer)[]) {
  const buf = Buffer.concat(packets.map((p) => (typeof p === 'string' ? bytes(p) : p)));
  const result = navtelecomProtocol.decode(session, buf, NOW);
  expect(result.consumed).toBe(buf.length);
  return result;
}
/** A connection of the Traccar captures' unit after its two handshakes. */
function traccarUnit() {
  const session = navtelecomProtocol.createSession();
  decode(session, TRACCAR.identification, TRACCAR.negotiation30);
  return session;
}

describe('Navtelecom decoder: handshakes', () => {
  it('answers the wiki’s *>S and *>FLEX with the very bytes the wiki shows', () => {
    const session = navtelecomProtocol.createSession();
    const s = decode(session, WIKI.identification);
    expect(s.messages[0]!.serial).toBe('866795033323864');
    expect(hex(s.messages[0]!.reply)).toBe(WIKI.identificationAnswer);
    const flex = decode(session, WIKI.negotiation);
    expect(hex(flex.messages[0]!.reply)).toBe(WIKI.negotiationAnswer);
    // The wiki lists the mask: fields 1–15, 19, 20, 29, 31, 37, 71, 107, 123–125, 139, 200,
    // 206, 238, 239; their sizes add up to 77 bytes a record.
    expect(session.flex).toMatchObject({
      protocolVersion: 30,
      structVersion: 30,
      recordSize: 77,
      fields: [
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 19, 20, 29, 31, 37, 71, 107, 123, 124,
        125, 139, 200, 206, 238, 239,
      ],
    });
  });

  it('remembers the FLEX 1.0 negotiations of the other captures and accepts their versions', () => {
    const session = traccarUnit();
    // 0x45 = 69 bits; ff fe: fields 1–15 → 4+2+4+1·5+4·5+2+4 = 41 bytes.
    const first = decode(session, TRACCAR.negotiation10[0]);
    expect(session.flex).toMatchObject({ structVersion: 10, recordSize: 41 });
    // To the unit's id 0 from 1, 9 bytes, XOR of "*<FLEX" b0 0a 0a = b1 (the two equal
    // version bytes cancel out), XOR of the 15 header bytes = a0 (worked out in Python).
    expect(hex(first.messages[0]!.reply)).toBe(
      '404e5443' + '00000000' + '01000000' + '0900' + 'b1' + 'a0' + '2a3c464c4558b00a0a',
    );
    decode(session, TRACCAR.negotiation10[1]);
    // ff fe 30 0a 0e 08: adds 19, 20, 29, 31, 37, 38, 39 and 45 → 41 + 2+2+1+1+4+2+2+1 = 56.
    expect(session.flex?.recordSize).toBe(56);
  });

  it('passes the unit’s command answer on as its text', () => {
    const { messages } = decode(traccarUnit(), TRACCAR.commandAnswer);
    expect(messages).toEqual([
      { serial: '866795031410689', positions: [], commandResponse: '*@CNCT_DRC OK' },
    ]);
  });

  it('refuses FLEX records before the unit named itself or negotiated them', () => {
    expect(() => decode(navtelecomProtocol.createSession(), TRACCAR.archive)).toThrow(
      ProtocolError,
    );
    const named = navtelecomProtocol.createSession();
    decode(named, TRACCAR.identification);
    expect(() => decode(named, TRACCAR.archive)).toThrow(/before the unit negotiated/);
  });
});

describe('Navtelecom decoder: FLEX records', () => {
  it('reads the four records of the Traccar ~A, each with its own time, and answers ~A 04', () => {
    const { messages } = decode(traccarUnit(), TRACCAR.archive);
    expect(messages).toHaveLength(1);
    const [m] = messages;
    // Worked out apart from the bytes (Python struct, little-endian) of record 1:
    //   field 3 c4ae2f61 = 1630514884 s = 2021-09-01 16:48:04 UTC (field 9 the same)
    //   field 8 2f = 0b101111: receiver on, bit 1 valid, 0x2f >> 2 = 11 satellites
    //   field 10 471dff01 = 33496391 / 600000 = 55.8273183°; 11 71b35801 = 22590321 → 37.650535°
    //   field 12 d2050000 = 1490 dm = 149.0 m; 13 a9870e41 = 8.90812 km/h; 14 2801 = 296°
    //   field 15 d9d09646 = 19304.42 km; 19 6a37 = 14186 mV; 20 0610 = 4102 mV; 5 a9: bit 7 engine
    expect(m!.positions[0]).toMatchObject({
      serial: '866795031410689',
      deviceTime: new Date('2021-09-01T16:48:04Z'),
      valid: true,
      satellites: 11,
      altitude: 149,
      course: 296,
      speedUnit: 'kmh',
      ignition: true,
      gsmSignal: 14,
      batteryVoltage: 4.102,
      attributes: {
        index: 401666,
        event: 0x1705,
        odometer: 19304424,
        externalVoltage: 14.186,
        input: 0,
        output: 0,
        hdop: 0.9,
        pdop: 1.2,
      },
    });
    expect(m!.positions[0]!.lat).toBeCloseTo(55.8273183, 6);
    expect(m!.positions[0]!.lng).toBeCloseTo(37.650535, 6);
    expect(m!.positions[0]!.speed).toBeCloseTo(8.908, 3);
    // Temperature 1 is 0x80, "not measured": no temperature is made up.
    expect(m!.positions[0]!.temperature).toBeUndefined();
    // Records 2–4: da/e6/ef ae2f61 = 16:48:26, :38, :47; lat a11dff01 = 55.8274683°.
    expect(m!.positions.map((p) => p.deviceTime.toISOString())).toEqual([
      '2021-09-01T16:48:04.000Z',
      '2021-09-01T16:48:26.000Z',
      '2021-09-01T16:48:38.000Z',
      '2021-09-01T16:48:47.000Z',
    ]);
    expect(m!.positions[1]!.lat).toBeCloseTo(55.8274683, 6);
    expect(m!.positions[3]!.course).toBe(77);
    // "~A", count 4, then the CRC8 (poly 0x31, init 0xFF) of 7e 41 04: 2a (worked out in Python).
    expect(hex(m!.reply)).toBe('7e4104' + '2a');
  });

  it('drops a ~A whose CRC8 disagrees unanswered, the unit sending it again', () => {
    const bent = bytes(TRACCAR.archive);
    bent[bent.length - 1]! ^= 0xff;
    const result = decode(traccarUnit(), bent);
    expect(result.messages).toEqual([]);
    expect(result.notices?.[0]?.kind).toBe('skipped-frame');
  });

  it('frames the handshakes and the records however TCP cuts them, and skips keep-alive bytes', () => {
    const stream = Buffer.concat([
      bytes(TRACCAR.identification),
      Buffer.of(0x7f),
      bytes(TRACCAR.negotiation30),
      bytes(TRACCAR.archive),
    ]);
    const chunks = [7, 40, 41, 300, 500].map((end, i, all) =>
      stream.subarray(i === 0 ? 0 : all[i - 1]!, end),
    );
    chunks.push(stream.subarray(500));
    const messages = feed(navtelecomProtocol, navtelecomProtocol.createSession(), chunks);
    expect(messages.map((m) => m.positions.length)).toEqual([0, 0, 4]);
  });
});

// No public ~T, ~C, ~E or ~X capture was found: these are built by navtelecom.device.ts in
// the layouts the FLEX document gives, on a unit that negotiated navtelecom.device's fields.
describe('Navtelecom decoder: out-of-turn, current and extended messages', () => {
  const record: NavtelecomRecord = {
    index: 77,
    time: new Date('2024-04-30T08:15:00Z'),
    lat: 59.9386,
    lng: 30.3141,
    speedKmh: 42.5,
    course: 135,
    altitude: 12.3,
    satellites: 9,
    ignition: true,
    alarm: true,
    temperature: -7,
  };
  const unit = () => {
    const session = navtelecomProtocol.createSession();
    decode(
      session,
      encodeNavtelecomIdentification('866795033323864'),
      encodeNavtelecomNegotiation(),
    );
    return session;
  };

  it('answers ~T with its record number and reads the alarm and temperature', () => {
    const { messages } = decode(unit(), encodeNavtelecomOutOfTurn(record));
    expect(messages[0]!.positions[0]).toMatchObject({
      deviceTime: record.time,
      speed: 42.5,
      course: 135,
      altitude: 12.3,
      alarm: 'other',
      temperature: -7,
    });
    expect(hex(messages[0]!.reply)!.slice(0, 12)).toBe('7e54' + '4d000000');
  });

  it('answers ~C with its type alone', () => {
    const { messages } = decode(unit(), encodeNavtelecomCurrent(record));
    expect(messages[0]!.positions).toHaveLength(1);
    expect(hex(messages[0]!.reply)!.slice(0, 4)).toBe('7e43');
    expect(messages[0]!.reply).toHaveLength(3);
  });

  it('reads the static part of ~E and ~X records without a negotiation', () => {
    const named = navtelecomProtocol.createSession();
    decode(named, encodeNavtelecomIdentification('866795033323864'));
    const second = { ...record, index: 78, time: new Date('2024-04-30T08:16:00Z') };
    const e = decode(named, encodeNavtelecomExtended('E', [record, second]));
    expect(e.messages[0]!.positions.map((p) => p.deviceTime)).toEqual([record.time, second.time]);
    expect(e.messages[0]!.positions[0]!.lat).toBeCloseTo(59.9386, 5);
    expect(hex(e.messages[0]!.reply)!.slice(0, 6)).toBe('7e4502');
    const x = decode(named, encodeNavtelecomExtended('X', [second]));
    expect(hex(x.messages[0]!.reply)!.slice(0, 12)).toBe('7e58' + '4e000000');
  });

  it('keeps a record without a fix as the unit’s state at its event time', () => {
    const { messages } = decode(
      unit(),
      encodeNavtelecomOutOfTurn({ ...record, lat: 0, lng: 0, satellites: 0 }),
    );
    expect(messages[0]!.positions).toEqual([]);
    expect(messages[0]!.status).toMatchObject({ time: record.time, ignition: true });
  });
});
