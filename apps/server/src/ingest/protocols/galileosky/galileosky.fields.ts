import type { RawPosition } from '@waymark/domain';
import type { GalileoskyRecord } from './galileosky.tags';

/**
 * The values of one Galileosky record, in the units of the manuals' tag table. Every value
 * is little-endian. A record is a fix when it has a time (0x20) and coordinates (0x30).
 */
export const TIME = 0x20;
export const COORDINATES = 0x30;
export const DEVICE_NUMBER = 0x04;
export const COMMAND_NUMBER = 0xe0;

export type Attributes = NonNullable<RawPosition['attributes']>;

export interface RecordValues {
  /** Seconds since 1970, UTC (tag 0x20). */
  time?: Date;
  fix?: {
    lat: number;
    lng: number;
    /** The high nibble of the first byte: 0 means the coordinates are found ("Nav=0"). */
    valid: boolean;
    satellites: number;
  };
  speedKmh?: number;
  course?: number;
  altitude?: number;
  /** Volts of the internal battery (0x42). */
  batteryVoltage?: number;
  attributes: Attributes;
}

/** Reads the tags Waymark keeps; the others were only skipped past. */
export function readValues(record: GalileoskyRecord): RecordValues {
  const values: RecordValues = { attributes: {} };
  const a = values.attributes;
  const u8 = (tag: number) => record.get(tag)?.readUInt8(0);
  const u16 = (tag: number) => record.get(tag)?.readUInt16LE(0);
  const u32 = (tag: number) => record.get(tag)?.readUInt32LE(0);

  const seconds = u32(TIME);
  if (seconds !== undefined) values.time = new Date(seconds * 1000);
  const coordinates = record.get(COORDINATES);
  if (coordinates) {
    values.fix = {
      satellites: coordinates[0]! & 0x0f,
      valid: coordinates[0]! >> 4 === 0,
      lat: coordinates.readInt32LE(1) / 1e6,
      lng: coordinates.readInt32LE(5) / 1e6,
    };
  }
  const motion = record.get(0x33);
  if (motion) {
    values.speedKmh = motion.readUInt16LE(0) / 10;
    values.course = (motion.readUInt16LE(2) / 10) % 360;
  }
  const altitude = record.get(0x34);
  if (altitude) values.altitude = altitude.readInt16LE(0);
  const battery = u16(0x42);
  if (battery !== undefined) values.batteryVoltage = battery / 1000;

  set(a, 'hardwareVersion', u8(0x01));
  set(a, 'firmwareVersion', u8(0x02));
  set(a, 'deviceNumber', u16(DEVICE_NUMBER));
  set(a, 'index', u16(0x10));
  const hdop = u8(0x35);
  if (hdop !== undefined) a.hdop = hdop / 10;
  set(a, 'status', u16(0x40));
  const power = u16(0x41);
  if (power !== undefined) a.externalVoltage = power / 1000;
  const temperature = record.get(0x43);
  if (temperature) a.deviceTemp = temperature.readInt8(0);
  // Three 10-bit axes from bit 0, as the unit's `inall` command prints it (Acc=...).
  set(a, 'acceleration', u32(0x44));
  set(a, 'output', u16(0x45));
  set(a, 'input', u16(0x46));
  for (let i = 0; i < 8; i++) {
    const millivolts = u16(0x50 + i);
    if (millivolts !== undefined) a[`adc${i}`] = millivolts / 1000;
  }
  set(a, 'odometer', u32(0xd4)); // metres, from the unit's own GPS/GLONASS fixes
  for (let i = 0; i < 8; i++) set(a, `userData${i}`, u32(0xe2 + i));
  readCan(record, a);
  return values;
}

/** The CAN tags whose meaning the tag table fixes (CAN_A0, CAN_A1, CAN_B0). */
function readCan(record: GalileoskyRecord, a: Attributes) {
  const fuelUsed = record.get(0xc0)?.readUInt32LE(0);
  if (fuelUsed !== undefined) a.canFuelUsed = fuelUsed / 2; // litres
  const engine = record.get(0xc1);
  // A unit without CAN sends zeros here, which would read as -40 °C coolant.
  if (engine && engine.readUInt32LE(0) !== 0) {
    a.canFuelLevel = engine[0]! * 0.4; // percent
    a.canCoolantTemp = engine[1]! - 40; // °C
    a.canRpm = engine.readUInt16LE(2) * 0.125;
  }
  const mileage = record.get(0xc2)?.readUInt32LE(0);
  if (mileage !== undefined) a.canOdometer = mileage * 5; // metres
}

function set(a: Attributes, key: string, value: number | undefined) {
  if (value !== undefined) a[key] = value;
}
