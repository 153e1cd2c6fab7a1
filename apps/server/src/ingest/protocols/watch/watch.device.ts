import type { Alarm, CellTower } from '@waymark/domain';
import { buildWatchFrame } from './watch.frame';

/**
 * What a 3G/4G watch sends (the device side of watch.decoder.ts), for the simulator and
 * round-trip tests: the `LK` link-keep, `UD` positions and `AL` alarms of the "3G watch
 * communication protocol", with the maker code `3G`. Pure.
 */

export interface WatchLocation {
  time: Date;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  altitude: number;
  satellites: number;
  valid: boolean;
  battery: number;
  steps?: number;
  alarm?: Alarm;
  cell?: CellTower;
}

const MAKER = '3G';
/** A US cell (AT&T's MCC/MNC) for watches that do not model their own tower. */
const DEFAULT_CELL: CellTower = { mcc: 310, mnc: 410, lac: 10780, cid: 868129 };

/** Terminal-status alarm bits (high 16 bits) for the alarms a watch raises. */
const ALARM_BITS: Partial<Record<Alarm, number>> = {
  sos: 16,
  lowBattery: 17,
  geofence: 18,
  tamper: 20,
  other: 21,
};

/** `LK,steps,tumbles,battery` */
export function encodeWatchLink(id: string, battery: number, steps = 0): Buffer {
  return buildWatchFrame(MAKER, id, `LK,${steps},0,${Math.round(battery)}`);
}

/** `UD,DDMMYY,HHMMSS,A,lat,N,lng,E,km/h,course,altitude,satellites,signal,battery,steps,tumbles,status,cells` */
export function encodeWatchLocation(id: string, l: WatchLocation): Buffer {
  return buildWatchFrame(MAKER, id, `UD,${block(l)}`);
}

/** The same block as `AL`, with the alarm's status bit set; the server answers `AL`. */
export function encodeWatchAlarm(id: string, l: WatchLocation & { alarm: Alarm }): Buffer {
  return buildWatchFrame(MAKER, id, `AL,${block(l)}`);
}

function block(l: WatchLocation): string {
  const iso = l.time.toISOString();
  const cell = l.cell ?? DEFAULT_CELL;
  const bit = l.alarm ? ALARM_BITS[l.alarm] : undefined;
  const status = bit === undefined ? 0 : 2 ** bit;
  return [
    `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`,
    iso.slice(11, 19).replace(/:/g, ''),
    l.valid ? 'A' : 'V',
    Math.abs(l.lat).toFixed(6),
    l.lat >= 0 ? 'N' : 'S',
    Math.abs(l.lng).toFixed(6),
    l.lng >= 0 ? 'E' : 'W',
    Math.max(0, l.speedKmh).toFixed(2),
    (((l.course % 360) + 360) % 360).toFixed(1),
    l.altitude.toFixed(1),
    String(Math.max(0, Math.round(l.satellites))),
    '100',
    String(Math.round(Math.min(100, Math.max(0, l.battery)))),
    String(l.steps ?? 0),
    '0',
    status.toString(16).toUpperCase().padStart(8, '0'),
    // One cell, timing advance 255 ("unknown"), MCC, MNC, LAC, CID, signal; no Wi-Fi.
    `1,255,${cell.mcc},${cell.mnc},${cell.lac},${cell.cid},100`,
    '0',
  ].join(',');
}
