import type { CellTower } from '@waymark/domain';
import { meitrackChecksum } from './meitrack.checksum';

/**
 * What a Meitrack unit sends (the device side of meitrack.decoder.ts), for the simulator and
 * round-trip tests: the AAA report of the Meitrack GPRS protocol, with the event code of the
 * report (35 "track by time interval", 1 SOS, 17 low battery). Pure.
 */

export interface MeitrackLocation {
  time: Date;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  altitude: number;
  satellites: number;
  valid: boolean;
  /** Metres driven, as the unit counts them. */
  mileage?: number;
  cell?: CellTower;
}

export const MEITRACK_EVENTS = { interval: 35, sos: 1, lowBattery: 17 } as const;
/** A US cell (AT&T's MCC/MNC) for units that do not model their own tower. */
const DEFAULT_CELL: CellTower = { mcc: 310, mnc: 410, lac: 0x2a1c, cid: 0x0d3f21 };

/** Data identifiers run 'A'..'z' and wrap. */
export function meitrackFlag(sequence: number): string {
  return String.fromCharCode(0x41 + (((sequence % 58) + 58) % 58));
}

/** `$$<flag><length>,<IMEI>,AAA,<event>,<lat>,<lng>,<yymmddHHMMSS>,A,...*<checksum>\r\n` */
export function encodeMeitrackAaa(
  imei: string,
  l: MeitrackLocation,
  sequence: number,
  event: number = MEITRACK_EVENTS.interval,
): Buffer {
  const cell = l.cell ?? DEFAULT_CELL;
  const iso = l.time.toISOString();
  const time = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
  const fields = [
    'AAA',
    String(event),
    l.lat.toFixed(6),
    l.lng.toFixed(6),
    time,
    l.valid ? 'A' : 'V',
    String(Math.max(0, Math.round(l.satellites))),
    '25',
    String(Math.round(Math.max(0, l.speedKmh))),
    String(Math.round(((l.course % 360) + 360) % 360) % 360),
    '1.0',
    String(Math.round(l.altitude)),
    String(Math.round(l.mileage ?? 0)),
    '0',
    `${cell.mcc}|${cell.mnc}|${hex(cell.lac)}|${hex(cell.cid)}`,
    '0000',
    '0000|0000|0000|0000|0000',
    '',
  ];
  const content = `,${imei},${fields.join(',')}*`;
  const length = content.length + 4; // checksum and CR LF
  const head = Buffer.from(`$$${meitrackFlag(sequence)}${length}${content}`, 'latin1');
  return Buffer.concat([head, Buffer.from(`${meitrackChecksum(head)}\r\n`, 'latin1')]);
}

function hex(n: number): string {
  return n.toString(16).toUpperCase().padStart(4, '0');
}
