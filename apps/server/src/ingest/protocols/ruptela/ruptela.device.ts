import { buildDevicePacket } from './ruptela.frame';
import { RECORDS } from './ruptela.records';

/**
 * The device side of Ruptela, for the simulator and tests: records (command 1) as an FM-Eco4
 * sends them, a heartbeat (16) and the answer to an SMS-via-GPRS command (7).
 */
export interface RuptelaRecord {
  time: Date;
  lat: number;
  lng: number;
  speedKmh: number;
  /** Degrees 0..359. */
  course: number;
  /** Metres. */
  altitude: number;
  satellites: number;
  /** IO 251 (ignition, 1 byte), when the device has it configured. */
  ignition?: boolean;
  /** IO 30 (internal battery, mV), 2 bytes. */
  batteryMillivolts?: number;
}

const HEARTBEAT = 16;
const SMS_ANSWER = 7;
const IGNITION_IO = 251;
const BATTERY_IO = 30;
/** A record's fixed part: time to event ID. */
const RECORD_HEAD = 23;

/** One records packet with `records` in it (at most 40, as the devices send). */
export function encodeRuptelaRecords(imei: string, records: readonly RuptelaRecord[]): Buffer {
  const parts: Buffer[] = [Buffer.from([0, records.length])];
  for (const record of records) parts.push(encodeRecord(record));
  return buildDevicePacket(imei, RECORDS, Buffer.concat(parts));
}

function encodeRecord(record: RuptelaRecord): Buffer {
  const head = Buffer.alloc(RECORD_HEAD);
  head.writeUInt32BE(Math.floor(record.time.getTime() / 1000), 0);
  // time extension 0, priority 0 (low)
  head.writeInt32BE(Math.round(record.lng * 1e7), 6);
  head.writeInt32BE(Math.round(record.lat * 1e7), 10);
  head.writeUInt16BE(Math.round(record.altitude * 10), 14);
  head.writeUInt16BE(Math.round(record.course * 100) % 36000, 16);
  head.writeUInt8(record.satellites, 18);
  head.writeUInt16BE(Math.round(record.speedKmh), 19);
  head.writeUInt8(record.satellites > 0 ? 9 : 0, 21); // HDOP 0.9 with a fix
  head.writeUInt8(0, 22); // event 0: a periodic record
  const one = record.ignition === undefined ? [0] : [1, IGNITION_IO, record.ignition ? 1 : 0];
  const two =
    record.batteryMillivolts === undefined
      ? [0]
      : [1, BATTERY_IO, record.batteryMillivolts >> 8, record.batteryMillivolts & 0xff];
  return Buffer.concat([head, Buffer.from([...one, ...two, 0, 0])]);
}

export function encodeRuptelaHeartbeat(imei: string): Buffer {
  return buildDevicePacket(imei, HEARTBEAT, Buffer.alloc(0));
}

/** What the device sends back for a command 108: the reply text it would have sent by SMS. */
export function encodeRuptelaCommandAnswer(imei: string, text: string): Buffer {
  return buildDevicePacket(imei, SMS_ANSWER, Buffer.from(text, 'latin1'));
}
