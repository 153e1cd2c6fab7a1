/**
 * What a JT600-family unit sends, for the simulator and round-trip tests: a JT701 long-format
 * binary record (protocol version 0x19, asking for its `(P69,0,<index>)`), the U01 text report
 * (answered `(S39)`) and the `@JT` keep-alive, in the layouts jt600.decoder.ts reads. Pure.
 */
export interface Jt600Location {
  time: Date;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  satellites: number;
  valid: boolean;
  /** Percent. */
  battery: number;
  charging?: boolean;
  odometerKm?: number;
}

const KMH_PER_KNOT = 1.852;
const KMH_PER_MPH = 1.609344;

/**
 * The binary long format: `$`, ID (10 BCD digits, the first 7, 8 or 9 as every long-format unit
 * has), protocol version 0x19, type 0x11, length, one 38-byte record, index.
 */
export function encodeJt701Location(id: string, index: number, l: Jt600Location): Buffer {
  if (!/^[7-9]\d{9}$/.test(id)) {
    throw new Error(`JT701 unit ID must be 10 digits starting with 7, 8 or 9, got ${id}`);
  }
  const body = Buffer.alloc(38);
  let at = body.write(ddmmyyHhmmss(l.time), 0, 'hex');
  at += body.write(bcdDegrees(l.lat, 2), at, 'hex');
  const flags = (l.valid ? 1 : 0) | (l.lat >= 0 ? 2 : 0) | (l.lng >= 0 ? 4 : 0);
  at += body.write(bcdDegrees(l.lng, 3) + flags.toString(16), at, 'hex');
  at = body.writeUInt8(Math.min(255, Math.round(l.speedKmh / KMH_PER_KNOT)), at);
  at = body.writeUInt8(Math.round((((l.course % 360) + 360) % 360) / 2) % 180, at);
  at = body.writeUInt32BE(Math.round(l.odometerKm ?? 0), at);
  at = body.writeUInt8(Math.min(255, l.satellites), at);
  at += 4; // vehicle ID
  at = body.writeUInt16BE(0x0020, at); // status: bit 5 asks for the confirmation
  at = body.writeUInt8(l.charging ? 0xff : Math.round(l.battery), at);
  at = body.writeUInt16BE(0x2795, at); // cell ID
  at = body.writeUInt16BE(0x1435, at); // LAC
  body.writeUInt8(20, at); // GSM signal; geofence ID and 3 reserved bytes stay 0
  const head = Buffer.from(`24${id}1911`, 'hex');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length + 1);
  return Buffer.concat([head, length, body, Buffer.of(index & 0xff)]);
}

/** `(<id>,U01,ddmmyy,HHmmss,T|F,lat,N|S,lng,E|W,mph,course,sats,battery%,status,cid,lac,gsm,km,index)`. */
export function encodeJt600U01(id: string, index: number, l: Jt600Location): Buffer {
  const fields = [
    id,
    'U01',
    ddmmyyHhmmss(l.time).slice(0, 6),
    ddmmyyHhmmss(l.time).slice(6),
    l.valid ? 'T' : 'F',
    Math.abs(l.lat).toFixed(6),
    l.lat >= 0 ? 'N' : 'S',
    Math.abs(l.lng).toFixed(6),
    l.lng >= 0 ? 'E' : 'W',
    (l.speedKmh / KMH_PER_MPH).toFixed(2),
    Math.round(((l.course % 360) + 360) % 360),
    l.satellites,
    `${Math.round(l.battery)}%`,
    '00000000000000',
    10133,
    5173,
    22,
    Math.round(l.odometerKm ?? 0),
    index,
  ];
  return Buffer.from(`(${fields.join(',')})`, 'latin1');
}

export const encodeJt600KeepAlive = (id: string): Buffer => Buffer.from(`(${id},@JT)`, 'latin1');

function ddmmyyHhmmss(time: Date): string {
  const iso = time.toISOString();
  return `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
}

/** Unsigned degrees as BCD whole degrees (2 or 3 digits) and minutes in ten-thousandths. */
function bcdDegrees(value: number, width: 2 | 3): string {
  const units = Math.round(Math.abs(value) * 60 * 10_000);
  const whole = Math.floor(units / 600_000);
  return `${String(whole).padStart(width, '0')}${String(units - whole * 600_000).padStart(6, '0')}`;
}
