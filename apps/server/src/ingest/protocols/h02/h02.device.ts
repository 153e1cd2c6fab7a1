import { formatDegreesMinutes } from '../ascii-fields';
import type { Alarm, CellTower } from '@waymark/domain';

/**
 * What an H02 tracker sends (the device side of h02.decoder.ts), for the simulator and
 * round-trip tests: the V1 real-time location in the full form of "GPS Tracker Communication
 * Protocol" V1.0.5 §3.1 (status, battery, three cells), the ALRM of §5 and the XT heartbeat
 * of §3.2. Pure.
 */

export interface H02Location {
  time: Date;
  lat: number;
  lng: number;
  speedKmh: number;
  /** Degrees 0..359. */
  course: number;
  valid: boolean;
  ignition?: boolean;
  /** Percent; sent as the document's 00-99 ("99 means 100%"). */
  battery?: number;
  alarm?: Alarm;
  cell?: CellTower;
}

const KNOTS_PER_KMH = 1 / 1.852;
/** A US cell (AT&T's MCC/MNC) for trackers that do not model their own tower. */
const DEFAULT_CELL: CellTower = { mcc: 310, mnc: 410, lac: 10780, cid: 868129 };

/** §3.1 V1: `*HQ,id,V1,HHmmss,A,DDMM.MMMM,N,DDDMM.MMMM,E,knots,course,DDMMYY,status,pw,3,mcc,mnc,lac,cid,0,0,0,0#`. */
export function encodeH02Location(id: string, l: H02Location): Buffer {
  const cell = l.cell ?? DEFAULT_CELL;
  const battery = Math.min(99, Math.max(0, Math.round(l.battery ?? 99)));
  const fields = [
    '*HQ',
    id,
    'V1',
    ...fixFields(l, l.valid ? 'A' : 'V'),
    h02Status(l),
    String(battery).padStart(2, '0'),
    '3',
    String(cell.mcc),
    String(cell.mnc),
    String(cell.lac),
    String(cell.cid),
    // §3.1: "LAC CID less than 3 fill 0".
    '0',
    '0',
    '0',
    '0',
  ];
  return Buffer.from(`${fields.join(',')}#`, 'ascii');
}

/** §5 ALRM types the decoder reads back: 1 SOS, 2 low battery, 3 geofence. */
const ALRM_TYPES = { sos: '1', lowBattery: '2', geofence: '3' } as const;

/** §5 device alarm: `*HQ,id,ALRM,type,HHmmss,0,DDMM.MMMM,N,...,DDMMYY,status#`. */
export function encodeH02Alarm(id: string, l: H02Location, alarm: keyof typeof ALRM_TYPES): Buffer {
  // The document puts a coding-scheme digit where V1 has the validity letter.
  const fields = ['*HQ', id, 'ALRM', ALRM_TYPES[alarm], ...fixFields(l, '0'), h02Status(l)];
  return Buffer.from(`${fields.join(',')}#`, 'ascii');
}

/** §3.1 position block: HHmmss, validity, latitude, N/S, longitude, E/W, knots, course, DDMMYY. */
function fixFields(l: H02Location, validity: string): string[] {
  const iso = l.time.toISOString();
  return [
    iso.slice(11, 19).replace(/:/g, ''),
    validity,
    formatDegreesMinutes(l.lat, 2),
    l.lat >= 0 ? 'N' : 'S',
    formatDegreesMinutes(l.lng, 3),
    l.lng >= 0 ? 'E' : 'W',
    (Math.max(0, l.speedKmh) * KNOTS_PER_KMH).toFixed(2),
    String(Math.round(((l.course % 360) + 360) % 360) % 360),
    `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`,
  ];
}

/** §3.2 heartbeat: `*HQ,id,XT#`. */
export function encodeH02Heartbeat(id: string): Buffer {
  return Buffer.from(`*HQ,${id},XT#`, 'ascii');
}

/** Inverse of h02.fields.ts decodeStatus: every bit set (negative logic), then the ones that hold cleared. */
export function h02Status(l: Pick<H02Location, 'ignition' | 'alarm'>): string {
  let status = 0xffffffff;
  const clear = (bit: number) => (status = (status & ~(1 << bit)) >>> 0);
  if (l.ignition === false) clear(10);
  const alarmBit: Partial<Record<Alarm, number>> = {
    sos: 1,
    powerCut: 19,
    overspeed: 2,
    vibration: 0,
    geofence: 4,
  };
  const bit = l.alarm && alarmBit[l.alarm];
  if (bit !== undefined) clear(bit);
  return status.toString(16).toUpperCase().padStart(8, '0');
}
