import { ProtocolError } from '../types';

/** Parses a number field, naming the field and the value when it is not one. */
export function parseNumber(name: string, value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) {
    throw new ProtocolError(
      `OsmAnd field "${name}" must be a number, got ${JSON.stringify(value)}`,
    );
  }
  return n;
}

/**
 * `timestamp` as the OsmAnd protocol and Traccar Client send it: unix seconds, unix
 * milliseconds (anything past 2^31 is taken as milliseconds, as Traccar's decoder does), ISO 8601,
 * or "yyyy-MM-dd HH:mm:ss", which carries no zone and is read as UTC.
 */
export function parseTimestamp(value: string): Date {
  let time: number;
  if (/^\d+(\.\d+)?$/.test(value)) {
    const n = Number(value);
    time = n < 2 ** 31 ? n * 1000 : n;
  } else if (/^\d{4}-\d{2}-\d{2}[ +]\d{2}:\d{2}:\d{2}$/.test(value)) {
    time = Date.parse(`${value.slice(0, 10)}T${value.slice(11)}Z`);
  } else {
    time = Date.parse(value);
  }
  if (!Number.isFinite(time)) {
    throw new ProtocolError(
      `OsmAnd timestamp ${JSON.stringify(value)} is not unix seconds, unix milliseconds or ISO 8601`,
    );
  }
  return new Date(time);
}

export function checkCoordinates(lat: number, lng: number): void {
  if (lat < -90 || lat > 90)
    throw new ProtocolError(`Invalid latitude ${lat}: must be between -90 and 90`);
  if (lng < -180 || lng > 180)
    throw new ProtocolError(`Invalid longitude ${lng}: must be between -180 and 180`);
}

/** Unknown parameters become attributes: numbers, booleans, or text. */
export function attributeValue(value: string): number | string | boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) ? n : value;
}
