import type { CellTower, DeviceStatus, RadioScan, WifiAccessPoint } from '@waymark/domain';
import { toHex } from '../bytes';
import type { ByteReader } from '../bytes';
import { readDateTime } from './gt06.fields';

export const LBS_MULTI = 0x28;
export const LBS_WIFI = 0x2c;

/** The serving cell and six neighbours. */
const CELLS = 7;

/**
 * 0x28 LBS multi-cell and 0x2C Wi-Fi: date/time, MCC, MNC (2 bytes with MCC bit 15), then the
 * serving cell and six neighbours (LAC 2, cell ID 3, RSSI 1 each; zeros where none was heard),
 * the timing advance, and for 0x2C the access points (count, then MAC 6 + RSSI 1 each). Neither
 * has coordinates: the status keeps the serving cell, the scan is for a cell geolocation service.
 * Signal bytes are the magnitude of a negative dBm value.
 */
export function decodeRadio(
  protocol: number,
  r: ByteReader,
  serial: string,
  now: Date,
): { status: DeviceStatus; radio: RadioScan } {
  const ms = readDateTime(r);
  const time = Number.isNaN(ms) ? now : new Date(ms);
  const mccRaw = r.u16();
  const mcc = mccRaw & 0x7fff;
  const mnc = mccRaw & 0x8000 ? r.u16() : r.u8();
  const cells: CellTower[] = [];
  for (let i = 0; i < CELLS; i++) {
    const lac = r.u16();
    const cid = r.u24();
    const rssi = -r.u8();
    if (lac !== 0 || cid !== 0) cells.push({ mcc, mnc, lac, cid, rssi });
  }
  r.u8(); // timing advance
  const wifi: WifiAccessPoint[] = [];
  if (protocol === LBS_WIFI) {
    for (let count = r.u8(); count > 0; count--) {
      const mac = toHex(r.bytes(6)).replace(/(..)(?!$)/g, '$1:');
      wifi.push({ mac, rssi: -r.u8() });
    }
  }
  const status: DeviceStatus = { serial, time };
  if (cells[0]) status.cell = cells[0];
  return { status, radio: { time, radioType: 'gsm', cells, wifi } };
}
