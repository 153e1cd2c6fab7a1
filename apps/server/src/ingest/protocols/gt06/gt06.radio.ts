import type { CellTower, DeviceStatus, RadioScan, WifiAccessPoint } from '@waymark/domain';
import { toHex } from '../bytes';
import type { ByteReader } from '../bytes';
import { readDateTime } from './gt06.fields';

export const LBS_MULTI = 0x28;
export const LBS_WIFI = 0x2c;
/** 0x24: the 0x28 report of Wanway S20-style units, with the timing advance and a cell count first. */
export const LBS_COUNTED = 0x24;
/** 0xA2 (JM-VL03 protocol, GK310 and 4G units): 0x2C with 4-byte LACs and 8-byte cell IDs. */
export const WIFI_4G = 0xa2;
export const isRadio = (protocol: number) =>
  protocol === LBS_MULTI ||
  protocol === LBS_WIFI ||
  protocol === LBS_COUNTED ||
  protocol === WIFI_4G;

/** The serving cell and six neighbours. */
const CELLS = 7;

/**
 * 0x28 LBS multi-cell and 0x2C Wi-Fi (and their variants 0x24 and 0xA2, see above): date/time, MCC, MNC (2 bytes with MCC bit 15), then the
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
  // 0x24 puts the timing advance before the MCC and the number of cells after the MNC; the
  // others send seven cells and the timing advance after them.
  const counted = protocol === LBS_COUNTED;
  if (counted) r.u8();
  const mccRaw = r.u16();
  const mcc = mccRaw & 0x7fff;
  const mnc = mccRaw & 0x8000 ? r.u16() : r.u8();
  const count = counted ? r.u8() : CELLS;
  const wide = protocol === WIFI_4G;
  const cells: CellTower[] = [];
  for (let i = 0; i < count; i++) {
    const lac = wide ? r.u32() : r.u16();
    const cid = wide ? Number(r.u64()) : r.u24();
    const rssi = -r.u8();
    // Units repeat the serving cell where they heard no neighbour.
    const heard = (lac !== 0 || cid !== 0) && !cells.some((c) => c.lac === lac && c.cid === cid);
    if (heard) cells.push({ mcc, mnc, lac, cid, rssi });
  }
  if (!counted) r.u8(); // timing advance
  const wifi: WifiAccessPoint[] = [];
  if (protocol === LBS_WIFI || protocol === WIFI_4G) {
    for (let n = r.u8(); n > 0; n--) {
      const bytes = r.bytes(6);
      // 0x2C sends the magnitude of the dBm value, 0xA2 the signed value itself.
      const signal = r.u8();
      const rssi = signal > 127 ? signal - 256 : -signal;
      // Units pad the list with all-zero entries.
      if (bytes.some((b) => b !== 0))
        wifi.push({ mac: toHex(bytes).replace(/(..)(?!$)/g, '$1:'), rssi });
    }
  }
  const status: DeviceStatus = { serial, time };
  if (cells[0]) status.cell = cells[0];
  return { status, radio: { time, radioType: wide ? 'lte' : 'gsm', cells, wifi } };
}
