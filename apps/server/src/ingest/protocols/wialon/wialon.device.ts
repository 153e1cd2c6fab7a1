import { formatDegreesMinutes } from '../ascii-fields';
import { wialonCrc } from './wialon.crc';

/**
 * What a Wialon IPS unit sends (the device side of wialon.decoder.ts), for the simulator and
 * round-trip tests: login, ping, extended data and black box packets, in version 1.1 or 2.0
 * (with its CRC16). Pure.
 */
export type WialonVersion = '1.1' | '2.0';

export interface WialonLocation {
  time: Date;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  altitude: number;
  satellites: number;
  /** Digital inputs as a bit mask (bit 0: ignition on most wirings). */
  inputs?: number;
  /** Extra parameters, `NAME:TYPE:VALUE`: integers as type 1, other numbers 2, text 3. */
  params?: Record<string, number | string>;
}

const line = (type: string, body: string) => Buffer.from(`#${type}#${body}\r\n`, 'utf8');
const withCrc = (version: WialonVersion, covered: string) =>
  version === '2.0' ? `${covered}${wialonCrc(covered)}` : covered.replace(/[;|]$/, '');

export function encodeWialonLogin(imei: string, version: WialonVersion, password = 'NA'): Buffer {
  return line(
    'L',
    version === '2.0' ? withCrc(version, `2.0;${imei};${password};`) : `${imei};${password}`,
  );
}

export function encodeWialonPing(): Buffer {
  return line('P', '');
}

/** The 16 fields of an extended data record, without a CRC. */
export function wialonRecord(l: WialonLocation): string {
  const iso = l.time.toISOString();
  const date = `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;
  const time = iso.slice(11, 19).replace(/:/g, '');
  const params = Object.entries(l.params ?? {}).map(([name, value]) =>
    typeof value === 'string'
      ? `${name}:3:${value}`
      : `${name}:${Number.isInteger(value) ? 1 : 2}:${value}`,
  );
  return [
    date,
    time,
    formatDegreesMinutes(l.lat, 2),
    l.lat >= 0 ? 'N' : 'S',
    formatDegreesMinutes(l.lng, 3),
    l.lng >= 0 ? 'E' : 'W',
    Math.max(0, l.speedKmh).toFixed(1),
    (((l.course % 360) + 360) % 360).toFixed(0),
    l.altitude.toFixed(0),
    String(l.satellites),
    'NA',
    l.inputs === undefined ? 'NA' : String(l.inputs),
    'NA',
    'NA',
    'NA',
    params.length > 0 ? params.join(',') : 'NA',
  ].join(';');
}

export function encodeWialonData(l: WialonLocation, version: WialonVersion): Buffer {
  return line('D', withCrc(version, `${wialonRecord(l)};`));
}

/** Records kept while the unit had no connection, oldest first, in one B packet. */
export function encodeWialonBlackBox(locations: WialonLocation[], version: WialonVersion): Buffer {
  return line('B', withCrc(version, `${locations.map(wialonRecord).join('|')}|`));
}

/** The UDP form of a data packet: the unit's IMEI (2.0: with the version) before the packet. */
export function encodeWialonDatagram(
  imei: string,
  l: WialonLocation,
  version: WialonVersion,
): Buffer {
  const prefix = version === '2.0' ? `2.0;${imei}` : imei;
  return Buffer.concat([Buffer.from(prefix, 'latin1'), encodeWialonData(l, version)]);
}
