import type { RawPosition } from '@waymark/domain';
import type { ByteReader } from '../bytes';
import { impossibility } from '../plausibility';
import { ProtocolError } from '../types';
import { readCell, readCell4g, readCellRegion, readGps } from './gt06.fields';
import type { GpsBlock } from './gt06.fields';

/**
 * Location packets: 0x10 (GPS only), 0x12 / 0x22 (GPS + LBS, §3.1) and 0xA0 (4G GPS + LBS,
 * JM-VL03 protocol: GK310, VL103 and most current Concox units). The server does not answer
 * any of them ("location packet server no response").
 */

/** A decoded GPS block as a position; an impossible fix makes the frame undecodable. */
export function gpsPosition(serial: string, gps: GpsBlock, context: string): RawPosition {
  const position: RawPosition = {
    serial,
    deviceTime: gps.deviceTime,
    lat: gps.lat,
    lng: gps.lng,
    valid: gps.valid,
    fix: 'gps',
    course: gps.course,
  };
  if (gps.speedKmh !== undefined) {
    position.speed = gps.speedKmh;
    position.speedUnit = 'kmh';
  }
  if (gps.satellites !== undefined) position.satellites = gps.satellites;
  if (gps.ignition !== undefined) position.ignition = gps.ignition;
  if (!gps.timeValid) position.attributes = { timeInvalid: true };
  const why = impossibility(position);
  if (why) throw new ProtocolError(`${context}: ${why}`);
  return position;
}

/** 0x10: the GPS block alone; anything after it is reserved. */
export function decodeGpsOnly(r: ByteReader, serial: string, now: Date): RawPosition {
  return gpsPosition(serial, readGps(r, now), 'GT06 0x10');
}

/**
 * 0x12 / 0x22. Two firmware families put bytes before the GPS block, which must never be read
 * as a date or coordinates: the unit's own IMEI first (0x12, QH302R captures), or a location
 * source byte, the IMEI and a date (0x22, NT20 captures, whose cell then has a length byte).
 * Both are recognised by the IMEI the tracker logged in with, so no other packet is misread.
 */
export function decodeGpsLbs(
  r: ByteReader,
  serial: string,
  now: Date,
  protocol: number,
  imei: Buffer | undefined,
): RawPosition {
  const context = `GT06 0x${protocol.toString(16)}`;
  const head = imeiHead(r, imei);
  r.skip(head);
  const position = gpsPosition(serial, readGps(r, now), context);
  if (head === NT20_HEAD) {
    const length = r.remaining > 0 ? r.u8() : 0;
    const cell = readCellRegion(r.bytes(Math.min(r.remaining, length > 8 ? length - 1 : length)));
    if (cell) position.cell = cell;
    return position;
  }
  if (r.remaining >= 8) position.cell = readCell(r);
  // §3.1: 0x22 adds ACC, upload mode and real-time/re-upload flags after the cell.
  if (protocol === 0x22 && r.remaining >= 3) readAccTail(r, position);
  return position;
}

/** 0xA0: the GPS block, a 4G cell (4-byte LAC, 8-byte cell ID), then the 0x22 tail. */
export function decode4gLocation(r: ByteReader, serial: string, now: Date): RawPosition {
  const position = gpsPosition(serial, readGps(r, now), 'GT06 0xa0');
  if (r.remaining >= 15) position.cell = readCell4g(r);
  if (r.remaining >= 3) readAccTail(r, position);
  return position;
}

/** ACC (0x01 high), data upload mode, GPS real-time (0) or re-upload (1), then mileage if sent. */
function readAccTail(r: ByteReader, position: RawPosition, mileage = true) {
  position.ignition = r.u8() === 0x01;
  const uploadMode = r.u8();
  const reupload = r.u8() === 0x01;
  position.attributes = { ...position.attributes, uploadMode, reupload };
  if (mileage && r.remaining >= 4) position.attributes.odometer = r.u32();
}

/**
 * 0x11 (GPS + LBS of 4G-era units): the GPS block, then MCC (2), a 2-byte MNC and a 4-byte cell ID
 * (LAC 2 bytes between them).
 */
export function decodeGpsLbsWide(r: ByteReader, serial: string, now: Date): RawPosition {
  const position = gpsPosition(serial, readGps(r, now), 'GT06 0x11');
  if (r.remaining >= 10) {
    position.cell = { mcc: r.u16() & 0x7fff, mnc: r.u16(), lac: r.u16(), cid: r.u32() };
  }
  return position;
}

/**
 * 0x1E (JI09 GPS + LBS extended): the GPS block, MCC, MNC, then the serving cell and six
 * neighbours (LAC 2, cell ID 3, signal 1 each). The serving cell is the position's.
 */
export function decodeGpsLbsExtended(r: ByteReader, serial: string, now: Date): RawPosition {
  const position = gpsPosition(serial, readGps(r, now), 'GT06 0x1e');
  if (r.remaining >= 9) {
    const mccRaw = r.u16();
    const mnc = mccRaw & 0x8000 ? r.u16() : r.u8();
    const lac = r.u16();
    const cid = r.u24();
    if (lac !== 0 || cid !== 0)
      position.cell = { mcc: mccRaw & 0x7fff, mnc, lac, cid, rssi: -r.u8() };
  }
  return position;
}

/**
 * 0x37 (GPS + LBS with modules): the 0x22 layout, then modules of type (2), length (1) and value:
 * 0x0027 external voltage (1/100 V), 0x002E mileage, 0x003B accuracy (1/100 m).
 */
export function decodeGpsLbsModules(r: ByteReader, serial: string, now: Date): RawPosition {
  const position = gpsPosition(serial, readGps(r, now), 'GT06 0x37');
  if (r.remaining >= 8) position.cell = readCell(r);
  if (r.remaining >= 3) readAccTail(r, position, false);
  while (r.remaining >= 3) {
    const type = r.u16();
    const value = r.bytes(Math.min(r.u8(), r.remaining));
    if (type === 0x0027 && value.length === 2) {
      position.attributes = {
        ...position.attributes,
        externalVoltage: value.readUInt16BE(0) / 100,
      };
    } else if (type === 0x002e && value.length === 4) {
      position.attributes = { ...position.attributes, odometer: value.readUInt32BE(0) };
    } else if (type === 0x003b && value.length === 2) {
      position.accuracy = value.readUInt16BE(0) / 100;
    }
  }
  return position;
}

const QH302R_HEAD = 8;
const NT20_HEAD = 1 + 8 + 6;

/** How many bytes precede the GPS block: 0 unless the content carries the tracker's IMEI. */
function imeiHead(r: ByteReader, imei: Buffer | undefined): number {
  if (!imei) return 0;
  if (r.startsWith(imei, 0)) return QH302R_HEAD;
  if (r.startsWith(imei, 1)) return NT20_HEAD;
  return 0;
}
