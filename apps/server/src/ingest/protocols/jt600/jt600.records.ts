import type { Alarm, RawPosition } from '@waymark/domain';
import type { ByteReader } from '../bytes';
import { percent } from '../ascii-fields';

/**
 * What follows the fix in each kind of binary record, as Traccar's Jt600ProtocolDecoder lays the
 * JT600 and JT701 documents out; where the captures say otherwise the comment says so.
 */
export type RecordExtras = Pick<
  RawPosition,
  'satellites' | 'battery' | 'charging' | 'altitude' | 'gsmSignal' | 'ignition' | 'alarm'
> & {
  attributes: NonNullable<RawPosition['attributes']>;
  /** Long format status bit 5: the unit keeps the record until the server confirms it. */
  confirm?: boolean;
};

/**
 * JT600 type 1 (27-byte records): satellites, battery, other flags, altitude, cell, signal. The
 * battery byte is binary percent: unit 3120820029's 0x14 is the 20 its W01 text report says.
 */
export function readVersion1(r: ByteReader): RecordExtras {
  const satellites = r.u8();
  const battery = percent(r.u8());
  r.skip(1); // other flags and sensors
  const altitude = r.u16();
  const attributes = cell(r.u16(), r.u16());
  return {
    satellites,
    altitude,
    gsmSignal: r.u8(),
    attributes,
    ...(battery !== undefined && { battery }),
  };
}

/**
 * Type 2 (fuel units): fuel high byte, four status bytes, odometer (km), fuel low byte. The status
 * bytes stay raw: Traccar reads SOS and overspeed from them, but the 15-record capture raises
 * "overspeed" at 10 knots, so their meaning here is not known.
 */
export function readVersion2(r: ByteReader): RecordExtras {
  const fuelHigh = r.u8();
  const status = r.u32();
  const odometer = r.u32() * 1000;
  const fuel = (fuelHigh << 8) | r.u8();
  return { attributes: { fuel, status, odometer } };
}

/** Type 3 (three fuel sensors): 80 bits: fuel 1-3 (12 each), odometer (20, km), status (24, bit 0 ignition). */
export function readVersion3(r: ByteReader): RecordExtras {
  const bits = BigInt(`0x${r.bytes(10).toString('hex')}`);
  const field = (from: number, width: number) =>
    Number((bits >> BigInt(80 - from - width)) & ((1n << BigInt(width)) - 1n));
  const status = field(56, 24);
  return {
    ignition: (status & 1) !== 0,
    attributes: {
      fuel1: field(0, 12),
      fuel2: field(12, 12),
      fuel3: field(24, 12),
      odometer: field(36, 20) * 1000,
      status,
    },
  };
}

/** The long format's status bits that are alarms (the JT701 document's order of severity). */
const LONG_ALARMS: [bit: number, alarm: Alarm][] = [
  [3, 'powerCut'],
  [11, 'lowBattery'],
  [4, 'vibration'],
  [1, 'geofence'], // entered
  [2, 'geofence'], // left
  [14, 'other'], // device fault
];

/**
 * JT701 / JT707 (34 bytes and more): odometer (km), satellites, vehicle ID, status, battery
 * (0xFF: charging), cell and signal; protocol versions 0x17 and 0x19 add a geofence ID, 3 bytes
 * reserved and sensor data to the end of the frame, which are not read.
 */
export function readLong(r: ByteReader, protocolVersion: number): RecordExtras {
  const odometer = r.u32() * 1000;
  const satellites = r.u8();
  r.skip(4); // vehicle ID
  const status = r.u16();
  const batteryByte = r.u8();
  const attributes = { ...cell(r.u16(), r.u16()), odometer, status };
  const gsmSignal = r.u8();
  if (protocolVersion >= 0x17) r.skip(r.remaining);
  const alarm = LONG_ALARMS.find(([bit]) => status & (1 << bit))?.[1];
  return {
    satellites,
    gsmSignal,
    ...(batteryByte === 0xff ? { charging: true } : { battery: percent(batteryByte)! }),
    ...(alarm && { alarm }),
    attributes,
    confirm: (status & 0x20) !== 0,
  };
}

/** Cell ID and LAC; both 0 means no cell (the unit has no MCC/MNC to send, so they stay attributes). */
function cell(cid: number, lac: number): Record<string, number> {
  return cid === 0 && lac === 0 ? {} : { cid, lac };
}
