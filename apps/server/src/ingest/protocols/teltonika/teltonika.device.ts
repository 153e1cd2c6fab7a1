import { crc16Ibm } from './teltonika.crc';

/**
 * What a Teltonika FMB/FMC tracker sends (the device side of teltonika.decoder.ts), per the
 * Teltonika wiki "Teltonika Data Sending Protocols" and "Codec 8 Extended". Pure.
 */

export interface TeltonikaBeacon {
  /** iBeacon proximity UUID, 32 hex digits with or without dashes. */
  uuid: string;
  major: number;
  minor: number;
  rssi: number;
  /** Volts, sent in 10 mV units. */
  batteryVoltage?: number;
}

export interface TeltonikaRecord {
  time: Date;
  lat: number;
  lng: number;
  /** Metres. */
  altitude: number;
  /** Degrees 0..359. */
  angle: number;
  /** 0 means "no fix": the device repeats its last position. */
  satellites: number;
  speedKmh: number;
  /** 0 low, 1 high, 2 panic (the decoder reports panic as an SOS alarm). */
  priority?: 0 | 1 | 2;
  /** The IO that triggered the record, 0 for a periodic one. */
  eventIo?: number;
  ignition?: boolean;
  movement?: boolean;
  /** Percent, IO 113. */
  battery?: number;
  /** Bars 0..5, IO 21. */
  gsmSignal?: number;
  /** Volts, IO 66 in mV. */
  externalVoltage?: number;
  /** °C, IO 72 (Dallas temperature 1) in 0.1 °C, as a reefer's probe reports it. */
  temperature?: number;
  /** IO 385, only in Codec 8 Extended. */
  beacons?: TeltonikaBeacon[];
}

/** Codec 8 Extended: 2-byte IO ids and counts, plus variable-length IO (needed for beacons). */
const CODEC_8_EXTENDED = 0x8e;
/** "Number of Data" is one byte. */
const MAX_RECORDS = 255;

/** First message of a connection: IMEI length (2) + ASCII digits. The server answers 0x01. */
export function encodeTeltonikaImei(imei: string): Buffer {
  if (!/^\d{1,20}$/.test(imei)) {
    throw new Error(`Teltonika IMEI must be 1 to 20 digits, got ${JSON.stringify(imei)}`);
  }
  const head = Buffer.alloc(2);
  head.writeUInt16BE(imei.length);
  return Buffer.concat([head, Buffer.from(imei, 'latin1')]);
}

/**
 * One AVL data packet: preamble 0, data field length, codec 0x8E, record count, records, record
 * count, CRC-16/IBM of the data field (4 bytes). The server answers with the record count.
 */
export function encodeTeltonikaAvl(records: readonly TeltonikaRecord[]): Buffer {
  if (records.length < 1 || records.length > MAX_RECORDS) {
    throw new Error(
      `Teltonika packet must carry 1 to ${MAX_RECORDS} records, got ${records.length}`,
    );
  }
  const data = Buffer.concat([
    Buffer.from([CODEC_8_EXTENDED, records.length]),
    ...records.map(recordBytes),
    Buffer.from([records.length]),
  ]);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc16Ibm(data));
  return Buffer.concat([head, data, crc]);
}

/**
 * One datagram of Teltonika UDP (see teltonika.udp.ts): UDP channel header (length, packet ID,
 * type 0x01), AVL packet ID, the IMEI with its length, then the Codec 8E data field.
 */
export function encodeTeltonikaUdp(
  imei: string,
  packetId: number,
  avlPacketId: number,
  records: readonly TeltonikaRecord[],
): Buffer {
  const avl = encodeTeltonikaAvl(records);
  const body = Buffer.concat([
    Buffer.from([packetId >> 8, packetId & 0xff, 0x01, avlPacketId & 0xff]),
    encodeTeltonikaImei(imei),
    avl.subarray(8, avl.length - 4),
  ]);
  const head = Buffer.alloc(2);
  head.writeUInt16BE(body.length);
  return Buffer.concat([head, body]);
}

/** The server's answer to a datagram: its packet IDs and the records it accepted. */
export function readTeltonikaUdpAck(
  bytes: Uint8Array,
): { packetId: number; avlPacketId: number; accepted: number } | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length !== 7 || b.readUInt16BE(0) !== 5 || b[4] !== 0x01) return undefined;
  return { packetId: b.readUInt16BE(2), avlPacketId: b[5]!, accepted: b[6]! };
}

/** The server's answer to a packet: the number of records it accepted, or undefined if incomplete. */
export function readTeltonikaAck(bytes: Uint8Array): number | undefined {
  if (bytes.length < 4) return undefined;
  return Buffer.from(bytes.buffer, bytes.byteOffset, 4).readUInt32BE(0);
}

function recordBytes(record: TeltonikaRecord): Buffer {
  const gps = Buffer.alloc(24);
  gps.writeBigUInt64BE(BigInt(record.time.getTime()), 0);
  gps.writeUInt8(record.priority ?? 0, 8);
  gps.writeInt32BE(Math.round(record.lng * 1e7), 9);
  gps.writeInt32BE(Math.round(record.lat * 1e7), 13);
  gps.writeInt16BE(Math.round(clamp(record.altitude, -32768, 32767)), 17);
  gps.writeUInt16BE(Math.round(((record.angle % 360) + 360) % 360) % 360, 19);
  gps.writeUInt8(Math.round(clamp(record.satellites, 0, 255)), 21);
  gps.writeUInt16BE(Math.round(clamp(record.speedKmh, 0, 0xffff)), 22);
  return Buffer.concat([gps, ioBytes(record)]);
}

type Io = [id: number, value: Buffer];

/** IO element: event id, total count, then groups of 1-, 2-, 4-, 8-byte and variable values. */
function ioBytes(record: TeltonikaRecord): Buffer {
  const one: Io[] = [];
  const two: Io[] = [];
  const four: Io[] = [];
  const variable: Io[] = [];
  if (record.ignition !== undefined) one.push([239, Buffer.from([record.ignition ? 1 : 0])]);
  if (record.movement !== undefined) one.push([240, Buffer.from([record.movement ? 1 : 0])]);
  if (record.gsmSignal !== undefined) one.push([21, u8(clamp(record.gsmSignal, 0, 5))]);
  if (record.battery !== undefined) one.push([113, u8(clamp(record.battery, 0, 100))]);
  if (record.externalVoltage !== undefined) {
    two.push([66, u16(clamp(record.externalVoltage * 1000, 0, 0xffff))]);
  }
  if (record.temperature !== undefined) {
    const tenths = Buffer.alloc(4);
    tenths.writeInt32BE(Math.round(record.temperature * 10));
    four.push([72, tenths]);
  }
  if (record.beacons && record.beacons.length > 0) {
    variable.push([385, beaconBytes(record.beacons)]);
  }
  const total = one.length + two.length + four.length + variable.length;
  const parts = [u16(record.eventIo ?? 0), u16(total)];
  for (const group of [one, two, four, []]) {
    parts.push(u16(group.length));
    for (const [id, value] of group) parts.push(u16(id), value);
  }
  parts.push(u16(variable.length));
  for (const [id, value] of variable) parts.push(u16(id), u16(value.length), value);
  return Buffer.concat(parts);
}

/**
 * IO 385 "Beacon": a data-part byte, then per beacon a flags byte (upper nibble set: iBeacon;
 * bit 1: battery voltage follows), UUID (16), major (2), minor (2), RSSI (signed 1), voltage (2).
 */
function beaconBytes(beacons: readonly TeltonikaBeacon[]): Buffer {
  const parts: Buffer[] = [Buffer.from([0x01])];
  for (const beacon of beacons) {
    const uuid = beacon.uuid.replace(/-/g, '');
    if (!/^[0-9a-fA-F]{32}$/.test(uuid)) {
      throw new Error(`iBeacon UUID must be 32 hex digits, got ${JSON.stringify(beacon.uuid)}`);
    }
    const hasVoltage = beacon.batteryVoltage !== undefined;
    const rssi = Buffer.alloc(1);
    rssi.writeInt8(clamp(Math.round(beacon.rssi), -128, 127));
    parts.push(
      Buffer.from([0x10 | (hasVoltage ? 0x02 : 0)]),
      Buffer.from(uuid, 'hex'),
      u16(beacon.major),
      u16(beacon.minor),
      rssi,
    );
    if (hasVoltage) parts.push(u16(clamp((beacon.batteryVoltage ?? 0) * 100, 0, 0xffff)));
  }
  return Buffer.concat(parts);
}

function u8(value: number): Buffer {
  return Buffer.from([Math.round(value) & 0xff]);
}

function u16(value: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(Math.round(value) & 0xffff);
  return b;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
