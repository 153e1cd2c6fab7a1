import type { DeviceStatus, RawPosition } from '@waymark/domain';
import { asBuffer } from '../bytes';
import { ProtocolError } from '../types';
import type { DecodeNotice, DecodedMessage, TcpProtocol } from '../types';
import { CRC_FIELD, crcMatches } from './wialon.crc';
import { EXTENDED_FIELDS, RecordError, SHORT_FIELDS, readRecord } from './wialon.fields';
import type { WialonRecord } from './wialon.fields';
import { readWialonFrame } from './wialon.frame';

/**
 * Wialon IPS (Gurtam's open protocol, spoken by many trackers and by retranslators) over TCP
 * (port 5039) and UDP, versions 1.1 and 2.0. A TCP connection starts with the login
 * `#L#[2.0;]imei;password[;crc]`, answered `#AL#1`; then short data `#SD#` (→ `#ASD#code`),
 * extended data `#D#` (→ `#AD#code`), black box `#B#rec|rec|...` (→ `#AB#<records stored>`),
 * ping `#P#` (→ `#AP#`) and driver messages `#M#` (→ `#AM#1`). A UDP datagram names its unit
 * before the packet: `imei#SD#...` (2.0: `2.0;imei#SD#...`). Code 1 means stored; the other
 * codes name the field the server refused, and the unit sends the record again.
 */
export interface WialonSession {
  /** The login's IMEI; UDP datagrams and prefixed packets name their own. */
  serial?: string;
  /** 2.0 units end SD, D, B, M (and L) with a CRC16; 1.1 units do not. */
  version?: '1.1' | '2.0';
}

/** What each answer is called; the request type with an A before it. */
export const reply = (type: string, code: number | '' = '') =>
  Buffer.from(`#A${type}#${code}\r\n`, 'latin1');

/** An IMEI, an ID or a serial number: printable, without the protocol's separators. */
const UNIT_ID = /^[\x21-\x22\x24-\x3a\x3c-\x7e]{1,32}$/;
const PACKET = /^([^#]*)#([A-Z]{1,3})#(.*)$/s;
const CRC_ERROR = { SD: 13, D: 16 } as const;

type Decoded = { message?: DecodedMessage; notice?: DecodeNotice };

export const wialonProtocol: TcpProtocol<WialonSession> = {
  name: 'wialon',
  createSession: () => ({}),
  decode(session, buffer, now) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    let notices: DecodeNotice[] | undefined;
    let consumed = 0;
    for (;;) {
      const frame = readWialonFrame(buf.subarray(consumed));
      if (!frame) break;
      consumed += frame.size;
      if (frame.kind !== 'text') continue;
      const { message, notice } = decodePacket(session, frame.text, now);
      if (message) messages.push(message);
      if (notice) (notices ??= []).push(notice);
    }
    return notices ? { consumed, messages, notices } : { consumed, messages };
  },
};

function decodePacket(session: WialonSession, text: string, now: Date): Decoded {
  const packet = PACKET.exec(text);
  if (!packet) {
    throw new ProtocolError(
      `Wialon IPS packet must be #TYPE#message (UDP: imei#TYPE#message), got ${JSON.stringify(text.slice(0, 24))}`,
    );
  }
  const [, prefix, type, body] = packet as unknown as [string, string, string, string];
  const named = prefixSerial(session, prefix);
  switch (type) {
    case 'L':
      return login(session, body);
    case 'P': {
      const serial = named ?? session.serial;
      return {
        message: {
          ...(serial && { serial, status: { serial, time: now } }),
          positions: [],
          reply: reply('P'),
        },
      };
    }
    case 'SD':
    case 'D':
      return data(session, needSerial(session, named, type), type, body, now);
    case 'B':
      return blackBox(session, needSerial(session, named, type), body, now);
    case 'M':
      return driverMessage(session, named ?? session.serial, body, now);
    default:
      // Photos (I), tachograph files (IT, T) and what later versions add are not read.
      return { notice: { kind: 'skipped-frame', detail: `Wialon IPS ${type} packet not read` } };
  }
}

/** `imei` or `2.0;imei` before the first `#`: the unit of a UDP datagram. */
function prefixSerial(session: WialonSession, prefix: string): string | undefined {
  if (prefix === '') return undefined;
  const parts = prefix.split(';');
  const versioned = /^\d+\.\d+$/.test(parts[0]!);
  const serial = versioned ? parts[1] : parts[0];
  if (serial === undefined || !UNIT_ID.test(serial)) {
    throw new ProtocolError(
      `Wialon IPS unit ID before the packet must be an IMEI or ID, got ${JSON.stringify(prefix.slice(0, 40))}`,
    );
  }
  if (versioned) session.version = '2.0';
  return serial;
}

function needSerial(session: WialonSession, named: string | undefined, type: string): string {
  const serial = named ?? session.serial;
  if (serial === undefined) {
    throw new ProtocolError(`Wialon IPS ${type} packet before the login (#L#) of its unit`);
  }
  return serial;
}

/** `2.0;imei;password;crc` or, in 1.1, `imei;password`. The password is not checked. */
function login(session: WialonSession, body: string): Decoded {
  const parts = body.split(';');
  const versioned = /^\d+\.\d+$/.test(parts[0]!);
  const serial = versioned ? parts[1] : parts[0];
  if (serial === undefined || !UNIT_ID.test(serial)) {
    return {
      message: { positions: [], reply: reply('L', 0) },
      notice: {
        kind: 'skipped-frame',
        detail: `Wialon IPS login IMEI ${JSON.stringify(serial?.slice(0, 40))} refused (#AL#0)`,
      },
    };
  }
  session.serial = serial;
  session.version = versioned ? '2.0' : '1.1';
  const message = { serial, positions: [], reply: reply('L', 1) };
  const crc = versioned && parts.length >= 4 ? parts[parts.length - 1]! : undefined;
  if (crc !== undefined && !(CRC_FIELD.test(crc) && crcMatches(covered(body, ';'), crc))) {
    // A login carries no fix: accepted, so a unit whose firmware sums it differently still reports.
    return {
      message,
      notice: { kind: 'crc-mismatch', detail: `Wialon IPS login CRC ${crc} disagrees` },
    };
  }
  return { message };
}

/** The text a CRC covers: everything up to and including the separator before it. */
const covered = (body: string, separator: string) => body.slice(0, body.lastIndexOf(separator) + 1);

/** Whether the last field is a CRC: always in 2.0, by the field count when the version is unknown. */
function endsWithCrc(session: WialonSession, fields: readonly string[]): boolean {
  if (session.version === '2.0') return true;
  if (session.version === '1.1') return false;
  const n = fields.length;
  return (n === SHORT_FIELDS + 1 || n === EXTENDED_FIELDS + 1) && CRC_FIELD.test(fields[n - 1]!);
}

function data(
  session: WialonSession,
  serial: string,
  type: 'SD' | 'D',
  body: string,
  now: Date,
): Decoded {
  const fields = body.split(';');
  if (endsWithCrc(session, fields)) {
    const crc = fields.pop()!;
    if (!CRC_FIELD.test(crc) || !crcMatches(covered(body, ';'), crc)) {
      return refused(
        serial,
        type,
        CRC_ERROR[type],
        `CRC16 ${JSON.stringify(crc.slice(0, 8))} disagrees`,
      );
    }
  }
  // An SD has the short form only; some units send a D with the short form too.
  if (type === 'SD' && fields.length !== SHORT_FIELDS) {
    return refused(
      serial,
      type,
      -1,
      `short data must have ${SHORT_FIELDS} fields, got ${fields.length}`,
    );
  }
  let record: WialonRecord;
  try {
    record = readRecord(fields);
  } catch (error) {
    if (!(error instanceof RecordError)) throw error;
    return refused(serial, type, error.code, error.message);
  }
  return { message: { serial, ...toMessage(serial, record, now), reply: reply(type, 1) } };
}

/** Answered with the code of what was wrong; nothing stored, the connection stays open. */
function refused(serial: string, type: string, code: number, why: string): Decoded {
  return {
    message: { serial, positions: [], reply: reply(type, code) },
    notice: {
      kind: 'skipped-frame',
      detail: `Wialon IPS ${type} refused with code ${code}: ${why}`,
    },
  };
}

/** Records of the unit's memory, `|`-separated (2.0: a CRC after the last `|`). */
function blackBox(session: WialonSession, serial: string, body: string, now: Date): Decoded {
  const records = body.split('|');
  const last = records[records.length - 1]!;
  const crced =
    records.length > 1 &&
    (session.version === '2.0' || (!last.includes(';') && CRC_FIELD.test(last)));
  if (crced) {
    records.pop();
    if (!CRC_FIELD.test(last) || !crcMatches(covered(body, '|'), last)) {
      return refused(serial, 'B', 0, `CRC16 ${JSON.stringify(last.slice(0, 8))} disagrees`);
    }
  }
  const positions: RawPosition[] = [];
  let stored = 0;
  let notice: DecodeNotice | undefined;
  for (const text of records) {
    try {
      const { positions: fixes, status } = toMessage(serial, readRecord(text.split(';')), now);
      positions.push(
        ...fixes.map((p) => ({ ...p, attributes: { ...p.attributes, archive: true } })),
      );
      if (fixes.length > 0 || status) stored++;
    } catch (error) {
      if (!(error instanceof RecordError)) throw error;
      notice ??= {
        kind: 'rejected-record',
        detail: `Wialon IPS black box record: ${error.message}`,
      };
    }
  }
  // A record without coordinates has nothing the black box adds to a later report: counted, not kept.
  return { message: { serial, positions, reply: reply('B', stored) }, ...(notice && { notice }) };
}

/** A message the driver typed on the unit's keypad or display: kept as the unit's status. */
function driverMessage(
  session: WialonSession,
  serial: string | undefined,
  body: string,
  now: Date,
): Decoded {
  const text = session.version === '2.0' ? covered(body, ';').slice(0, -1) : body;
  const status: DeviceStatus | undefined = serial
    ? { serial, time: now, attributes: { driverMessage: text.slice(0, 512) } }
    : undefined;
  return {
    message: {
      ...(serial && { serial }),
      positions: [],
      ...(status && { status }),
      reply: reply('M', 1),
    },
  };
}

/** A record with coordinates is a position; one without is the unit's state (its inputs, params). */
function toMessage(
  serial: string,
  r: WialonRecord,
  now: Date,
): Pick<DecodedMessage, 'positions' | 'status'> {
  const attributes: Record<string, number | string | boolean> = { ...r.params };
  if (r.hdop !== undefined) attributes.hdop = r.hdop;
  if (r.inputs !== undefined) attributes.input = r.inputs;
  if (r.outputs !== undefined) attributes.output = r.outputs;
  r.adc?.forEach((v, i) => (attributes[`adc${i + 1}`] = v));
  if (r.ibutton !== undefined) attributes.driverUniqueId = r.ibutton;
  if (!r.time) attributes.serverTime = true;
  const time = r.time ?? now;
  if (r.lat === undefined || r.lng === undefined) {
    return { positions: [], status: { serial, time, attributes } };
  }
  const position: RawPosition = {
    serial,
    deviceTime: time,
    lat: r.lat,
    lng: r.lng,
    // The protocol has no validity flag: a fix from fewer than 3 satellites is not one.
    valid: (r.satellites ?? 0) >= 3,
    fix: 'gps',
    speed: r.speedKmh ?? 0,
    speedUnit: 'kmh',
    attributes,
  };
  if (r.course !== undefined) position.course = r.course;
  if (r.altitude !== undefined) position.altitude = r.altitude;
  if (r.satellites !== undefined) position.satellites = r.satellites;
  return { positions: [position] };
}
