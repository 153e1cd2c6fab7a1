import type { CellTower } from '@waymark/domain';

/**
 * What a Queclink GL300 sends in ASCII mode (the device side of queclink.decoder.ts), for the
 * simulator and round-trip tests: +RESP:GTFRI (fixed report), +RESP:GTSOS, +RESP:GTBPL (backup
 * battery low) and the +ACK:GTHBD heartbeat, laid out as the examples of TRACGL300AN001. Pure:
 * the caller owns the count number.
 */

export interface QueclinkLocation {
  time: Date;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  altitude: number;
  /** HDOP 1..50; 0 sends "the current GPS fix fails". */
  accuracy: number;
  battery: number;
  cell?: CellTower;
}

/** GL300 protocol version of the document's examples. */
const VERSION = '1A0102';
const NAME = 'gl300';
/** A US cell (AT&T's MCC/MNC) for units that do not model their own tower. */
const DEFAULT_CELL: CellTower = { mcc: 310, mnc: 410, lac: 0x2a1c, cid: 0x0d3f21 };

/** The count number every message ends with: 0000-FFFF, wrapping. */
export function nextQueclinkCount(count: number): number {
  return (count + 1) & 0xffff;
}

/** `+RESP:GTFRI,version,IMEI,name,report id,report type,1,<GPS block>,battery,send time,count$` */
export function encodeQueclinkFri(imei: string, l: QueclinkLocation, count: number): Buffer {
  return report('GTFRI', imei, ['0', '0', '1', ...block(l), String(battery(l))], l.time, count);
}

/** `+RESP:GTSOS` carries the same GPS block as GTFRI. */
export function encodeQueclinkSos(imei: string, l: QueclinkLocation, count: number): Buffer {
  return report('GTSOS', imei, ['0', '0', '1', ...block(l), String(battery(l))], l.time, count);
}

/** `+RESP:GTBPL,version,IMEI,name,backup battery volts,<GPS block without accuracy>,...` */
export function encodeQueclinkLowBattery(imei: string, l: QueclinkLocation, count: number): Buffer {
  return report('GTBPL', imei, ['3.53', ...block(l)], l.time, count);
}

/** `+ACK:GTHBD,version,IMEI,name,send time,count$`; the server answers +SACK:GTHBD. */
export function encodeQueclinkHeartbeat(imei: string, now: Date, count: number): Buffer {
  return Buffer.from(
    `+ACK:GTHBD,${VERSION},${imei},${NAME},${stamp(now)},${hex4(count)}$`,
    'ascii',
  );
}

function report(type: string, imei: string, body: string[], sent: Date, count: number): Buffer {
  const fields = [`+RESP:${type}`, VERSION, imei, NAME, ...body, stamp(sent), hex4(count)];
  return Buffer.from(`${fields.join(',')}$`, 'ascii');
}

/** accuracy, speed, azimuth, altitude, longitude, latitude, UTC time, MCC, MNC, LAC, cell ID, reserved */
function block(l: QueclinkLocation): string[] {
  const cell = l.cell ?? DEFAULT_CELL;
  return [
    String(Math.min(50, Math.max(0, Math.round(l.accuracy)))),
    Math.max(0, l.speedKmh).toFixed(1),
    String(Math.round(((l.course % 360) + 360) % 360) % 360),
    l.altitude.toFixed(1),
    l.lng.toFixed(6),
    l.lat.toFixed(6),
    stamp(l.time),
    String(cell.mcc).padStart(4, '0'),
    String(cell.mnc).padStart(4, '0'),
    cell.lac.toString(16).toUpperCase().padStart(4, '0'),
    cell.cid.toString(16).toUpperCase().padStart(4, '0'),
    '00',
  ];
}

function battery(l: QueclinkLocation): number {
  return Math.round(Math.min(100, Math.max(0, l.battery)));
}

function stamp(time: Date): string {
  return time.toISOString().slice(0, 19).replace(/[-:T]/g, '');
}

function hex4(count: number): string {
  return (count & 0xffff).toString(16).toUpperCase().padStart(4, '0');
}
