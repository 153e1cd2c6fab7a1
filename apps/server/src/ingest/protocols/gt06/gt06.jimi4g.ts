import type { DeviceStatus, RawPosition } from '@waymark/domain';
import type { ByteReader } from '../bytes';
import {
  batteryFromLevel,
  decodeAlarmCode,
  decodeTerminalInfo,
  readCell,
  readCell4g,
  readGps,
  readStatusBlock,
} from './gt06.fields';
import { gpsPosition } from './gt06.location';

/**
 * Packets of the later Jimi IoT (Concox) 4G firmwares, read as their field captures lay them out
 * (the captures and Traccar's Gt06ProtocolDecoder read them the same way, see gt06.captures.ts).
 */

/** 0x38 in a 0x7979 frame: GPS + LBS of 4G units. */
export const GPS_LBS_4G = 0x38;
/** 0x36: the heartbeat with extension modules. */
export const HEARTBEAT_MODULES = 0x36;
/** 0xA2 of LW4G units: GPS + LBS + status, always 59 content bytes (length byte 0x40). */
export const LW4G_LOCATION = 0xa2;
/** Other 0xA2 packets are the Wi-Fi report of gt06.radio.ts, which longer: seven cells of 13 bytes after the date. */
export const LW4G_CONTENT = 0x40 - 5;

/** A cell type of 3 or more (LTE, NB-IoT) carries a 4-byte LAC and an 8-byte cell ID. */
const CELL_TYPE_4G = 3;

/**
 * 0x38: the GPS block, the data upload mode, real-time (0) or re-upload (1), a cell type byte and
 * the serving cell (see CELL_TYPE_4G). Some units add two bytes and then modules of type (2),
 * length (1) and value as 0x37 does (0x002E mileage, 0x003B accuracy in 1/100 m); they are read
 * only when they fill the rest of the packet exactly, so no other layout is misread as them.
 */
export function decodeGpsLbs4g(r: ByteReader, serial: string, now: Date): RawPosition {
  const position = gpsPosition(serial, readGps(r, now), 'GT06 0x38');
  if (r.remaining < 2) return position;
  const uploadMode = r.u8();
  const reupload = r.u8() === 0x01;
  position.attributes = { ...position.attributes, uploadMode, reupload };
  if (r.remaining < 1 + 8) return position;
  const cellType = r.u8();
  if (cellType < CELL_TYPE_4G) position.cell = readCell(r);
  else if (r.remaining >= 15) position.cell = readCell4g(r);
  else return position;
  if (r.remaining > 2 && modulesFillExactly(r.rest().subarray(2))) {
    r.skip(2);
    while (r.remaining >= 3) {
      const type = r.u16();
      const value = r.bytes(r.u8());
      if (type === 0x002e && value.length === 4) {
        position.attributes = { ...position.attributes, odometer: value.readUInt32BE(0) };
      } else if (type === 0x003b && value.length === 2) {
        const accuracy = value.readUInt16BE(0) / 100;
        if (accuracy > 0) position.accuracy = accuracy;
      }
    }
  }
  return position;
}

function modulesFillExactly(bytes: Buffer): boolean {
  let at = 0;
  while (at + 3 <= bytes.length) at += 3 + bytes.readUInt8(at + 2);
  return at === bytes.length && bytes.length > 0;
}

/**
 * 0x36: the 0x13 heartbeat's terminal info, voltage level, GSM signal, alarm and language, then
 * modules of type (2), length (1) and value: 0x0018 the battery (1/100 V), 0x006A the battery
 * percentage, 0x0032 the start-up status. Acknowledged like the heartbeat.
 */
export function decodeHeartbeatModules(r: ByteReader, serial: string, now: Date): DeviceStatus {
  const status: DeviceStatus = { serial, time: now, ...readStatusBlock(r) };
  while (r.remaining >= 3) {
    const type = r.u16();
    const value = r.bytes(Math.min(r.u8(), r.remaining));
    if (type === 0x0018 && value.length === 2) status.batteryVoltage = value.readUInt16BE(0) / 100;
    else if (type === 0x006a && value.length === 1 && value[0]! <= 100) status.battery = value[0]!;
    else if (type === 0x0032 && value.length === 1) {
      status.attributes = { ...status.attributes, startupStatus: value[0]! };
    }
  }
  return status;
}

/**
 * 0xA2 of LW4G units: the GPS block, the serving cell with a 4-byte LAC and an 8-byte cell ID,
 * a network indicator, terminal info, external power (1/100 V), battery (level or percent), GSM
 * signal, alarm, language, mileage (4), running hours (4), the terminal ID (8, the IMEI in BCD)
 * and the inputs (2).
 */
export function decodeLw4gLocation(r: ByteReader, serial: string, now: Date): RawPosition {
  const position = gpsPosition(serial, readGps(r, now), 'GT06 0xa2');
  position.cell = readCell4g(r);
  r.u8(); // network indicator
  const { attributes, ...fields } = decodeTerminalInfo(r.u8());
  const externalVoltage = r.u16() / 100;
  const level = r.u8();
  const battery = batteryFromLevel(level);
  position.gsmSignal = r.u8();
  const alarm = decodeAlarmCode(r.u8()) ?? fields.alarm;
  r.u8(); // language
  const odometer = r.u32();
  const hours = r.u32();
  r.skip(8); // terminal ID
  const input = r.u16();
  Object.assign(position, fields);
  if (alarm) position.alarm = alarm;
  if (battery !== undefined) position.battery = battery;
  position.attributes = {
    ...position.attributes,
    ...attributes,
    batteryLevel: level,
    odometer,
    hours,
    input,
    ...(externalVoltage > 0 && { externalVoltage }),
  };
  return position;
}
