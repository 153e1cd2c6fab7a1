import type {
  CellTower,
  DeviceStatus,
  RadioScan,
  RawPosition,
  WifiAccessPoint,
} from '@waymark/domain';
import { toHex } from '../bytes';
import { ProtocolError } from '../types';
import type { ByteReader } from '../bytes';
import { readCellRegion, readDateTime } from './gt06.fields';
import type { GpsBlock } from './gt06.fields';
import { gpsPosition } from './gt06.location';

/** 0x32 in a 0x7979 frame: the location report of AZ735-style asset units. */
export const AZ735_LOCATION = 0x32;

/** Bytes of a GPS block after its length byte: satellites, lat, lng, speed, course/status. */
const GPS_BYTES = 12;
/** A neighbour cell: LAC 2, cell ID 3, signal 1. */
const CELL_BYTES = 6;
/** An access point: MAC 6, signal 1. */
const WIFI_BYTES = 7;

/**
 * 0x32 as the AZ735 field captures send it (Traccar's Gt06ProtocolDecoderTest reads them the
 * same way): date/time; a GPS block with its own length byte (0: no fix, nothing follows it);
 * the serving cell with a length byte that counts itself (MCC 2, MNC 1, LAC 2, cell ID 3); its
 * signal; neighbour cells with a length byte (LAC 2, cell ID 3, signal 1 each, zeros where none
 * was heard); access points with a length byte (MAC 6, signal 1 each); a status byte; reserved
 * bytes with a length byte. With a fix it is a position; without one it is status and a scan the
 * cell locator can place. Signal bytes are the magnitude of a negative dBm value.
 */
export function decodeAz735(
  r: ByteReader,
  serial: string,
  now: Date,
): { position?: RawPosition; status: DeviceStatus; radio: RadioScan } {
  const ms = readDateTime(r);
  const timeValid = !Number.isNaN(ms);
  const time = timeValid ? new Date(ms) : now;
  const gpsLength = r.u8();
  const gps = gpsLength > 0 ? readAz735Gps(r, gpsLength, time, timeValid) : undefined;

  const cells: CellTower[] = [];
  const lbsLength = r.remaining > 0 ? r.u8() : 0;
  const serving = lbsLength > 1 ? readCellRegion(r.bytes(lbsLength - 1)) : undefined;
  if (serving && r.remaining > 0) serving.rssi = -r.u8();
  if (serving) cells.push(serving);
  if (serving && r.remaining > 0) {
    const region = r.bytes(Math.min(r.u8(), r.remaining));
    for (let at = 0; at + CELL_BYTES <= region.length; at += CELL_BYTES) {
      const lac = region.readUInt16BE(at);
      const cid = region.readUIntBE(at + 2, 3);
      const heard = (lac !== 0 || cid !== 0) && !cells.some((c) => c.lac === lac && c.cid === cid);
      if (heard)
        cells.push({ mcc: serving.mcc, mnc: serving.mnc, lac, cid, rssi: -region[at + 5]! });
    }
  }
  const wifi: WifiAccessPoint[] = [];
  if (r.remaining > 0) {
    const region = r.bytes(Math.min(r.u8(), r.remaining));
    for (let at = 0; at + WIFI_BYTES <= region.length; at += WIFI_BYTES) {
      const mac = region.subarray(at, at + 6);
      if (mac.some((b) => b !== 0)) {
        wifi.push({ mac: toHex(mac).replace(/(..)(?!$)/g, '$1:'), rssi: -region[at + 6]! });
      }
    }
  }
  // The status byte and the reserved bytes carry nothing Waymark stores in a location report.

  const status: DeviceStatus = { serial, time };
  if (serving) status.cell = serving;
  const radio: RadioScan = { time, radioType: 'gsm', cells, wifi };
  if (!gps) return { status, radio };
  const position = gpsPosition(serial, gps, 'GT06 0x32');
  if (serving) position.cell = serving;
  return { position, status, radio };
}

function readAz735Gps(r: ByteReader, length: number, time: Date, timeValid: boolean): GpsBlock {
  if (length < GPS_BYTES) {
    throw new ProtocolError(
      `GT06 0x32: GPS length ${length} is shorter than a GPS block (${GPS_BYTES})`,
    );
  }
  const satellites = r.u8() & 0x0f;
  const latAbs = r.u32() / 1_800_000;
  const lngAbs = r.u32() / 1_800_000;
  const speedKmh = r.u8();
  const flags = r.u16();
  if (length > GPS_BYTES) r.skip(length - GPS_BYTES);
  // Course and status as in the GT06 GPS block: bit 10 north, bit 11 west, bit 12 positioned.
  return {
    deviceTime: time,
    timeValid,
    lat: flags & 0x0400 ? latAbs : -latAbs,
    lng: flags & 0x0800 ? -lngAbs : lngAbs,
    valid: timeValid && (flags & 0x1000) !== 0,
    satellites,
    speedKmh,
    course: flags & 0x03ff,
  };
}
