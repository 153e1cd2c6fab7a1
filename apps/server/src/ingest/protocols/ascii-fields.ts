import { ProtocolError } from './types';

/**
 * Field readers shared by the text protocols (H02, GPS103, Watch, Queclink, Meitrack). Each
 * either returns a value a position may hold or throws ProtocolError naming the field, so a
 * decoder never hands the pipeline NaN, a latitude of 95° or a 13th month.
 */

/** Where one text frame ends: the index after its terminator, or undefined (wait for more). */
export function findTerminator(
  buf: Buffer,
  terminator: number,
  maxLength: number,
  context: string,
): number | undefined {
  const end = buf.indexOf(terminator, 0);
  if (end >= 0 && end < maxLength) return end + 1;
  if (end >= maxLength || (end < 0 && buf.length >= maxLength)) {
    throw new ProtocolError(
      `${context} frame has no '${String.fromCharCode(terminator)}' within ${maxLength} bytes`,
    );
  }
  return undefined;
}

/** Line noise some firmwares put between frames: CR, LF, space, NUL. */
export function isFramePadding(byte: number | undefined): boolean {
  return byte === 0x0d || byte === 0x0a || byte === 0x20 || byte === 0x00;
}

/** A decimal number such as `12.50` or `-3`; anything else (empty, `1e3`, `0x10`) throws. */
export function decimal(text: string | undefined, field: string): number {
  const trimmed = (text ?? '').trim();
  if (!/^[-+]?\d+(\.\d+)?$/.test(trimmed) && !/^[-+]?\d*\.\d+$/.test(trimmed)) {
    throw new ProtocolError(`${field} must be a decimal number, got ${JSON.stringify(text)}`);
  }
  return Number(trimmed);
}

/** Like `decimal`, but an empty field means "not reported". */
export function optionalDecimal(text: string | undefined, field: string): number | undefined {
  return text === undefined || text.trim() === '' ? undefined : decimal(text, field);
}

/** An unsigned integer in `radix` (10 or 16); anything else throws. */
export function integer(text: string | undefined, field: string, radix: 10 | 16 = 10): number {
  const trimmed = (text ?? '').trim();
  const pattern = radix === 16 ? /^[0-9a-fA-F]{1,12}$/ : /^\d{1,15}$/;
  if (!pattern.test(trimmed)) {
    throw new ProtocolError(
      `${field} must be a ${radix === 16 ? 'hexadecimal' : 'decimal'} integer, got ${JSON.stringify(text)}`,
    );
  }
  return parseInt(trimmed, radix);
}

/**
 * NMEA-style degrees and minutes (`DDMM.MMMM`, `DDDMM.MMMM`; fewer degree digits happen) with its
 * hemisphere letter, as signed degrees. Some H02 firmwares write `-DD-MM.MMMM`; that is read too.
 */
export function degreesMinutes(text: string, hemisphere: string, field: string): number {
  const value = text.trim();
  let degrees: number;
  let minutes: number;
  const dashed = /^-(\d{1,3})-(\d{1,2}\.\d+)$/.exec(value);
  const packed = /^(\d{0,3})(\d{2}(?:\.\d+)?)$/.exec(value);
  if (dashed) {
    degrees = Number(dashed[1]);
    minutes = Number(dashed[2]);
  } else if (packed) {
    degrees = Number(packed[1] || '0');
    minutes = Number(packed[2]);
  } else {
    throw new ProtocolError(`${field} must be degrees and minutes, got ${JSON.stringify(text)}`);
  }
  if (minutes >= 60) {
    throw new ProtocolError(`${field} minutes must be below 60, got ${JSON.stringify(text)}`);
  }
  return signed(degrees + minutes / 60, hemisphere, field);
}

/** Unsigned decimal degrees with a hemisphere letter (N/S/E/W) as signed degrees. */
export function signed(degrees: number, hemisphere: string, field: string): number {
  const h = hemisphere.trim().toUpperCase();
  const isLat = h === 'N' || h === 'S';
  if (!isLat && h !== 'E' && h !== 'W') {
    throw new ProtocolError(
      `${field} hemisphere must be N, S, E or W, got ${JSON.stringify(hemisphere)}`,
    );
  }
  const value = h === 'S' || h === 'W' ? -degrees : degrees;
  return isLat ? latitude(value, field) : longitude(value, field);
}

/** A latitude in [-90, 90] or a ProtocolError. */
export function latitude(value: number, field = 'latitude'): number {
  if (!Number.isFinite(value) || Math.abs(value) > 90) {
    throw new ProtocolError(`${field} must be between -90 and 90, got ${value}`);
  }
  return value;
}

/** A longitude in [-180, 180] or a ProtocolError. */
export function longitude(value: number, field = 'longitude'): number {
  if (!Number.isFinite(value) || Math.abs(value) > 180) {
    throw new ProtocolError(`${field} must be between -180 and 180, got ${value}`);
  }
  return value;
}

/**
 * A UTC time from its parts, or undefined when a part is out of range (a tracker without a fix
 * since boot sends zeros). Two-digit years are 2000-2099.
 */
export function utcTime(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date | undefined {
  const fullYear = year < 100 ? 2000 + year : year;
  const inRange =
    [year, month, day, hour, minute, second].every(Number.isInteger) &&
    fullYear >= 2000 &&
    fullYear < 2100 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysIn(fullYear, month) &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  return inRange ? new Date(Date.UTC(fullYear, month - 1, day, hour, minute, second)) : undefined;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `HHMMSS` (fractions of a second ignored) and `DDMMYY` as one UTC time, or undefined. */
export function hhmmssDdmmyy(time: string, date: string): Date | undefined {
  const t = /^(\d{2})(\d{2})(\d{2})(?:\.\d+)?$/.exec(time.trim());
  const d = /^(\d{2})(\d{2})(\d{2})$/.exec(date.trim());
  if (!t || !d) return undefined;
  return utcTime(
    Number(d[3]),
    Number(d[2]),
    Number(d[1]),
    Number(t[1]),
    Number(t[2]),
    Number(t[3]),
  );
}

/** `YYYYMMDDHHMMSS` or `YYMMDDHHMMSS` as one UTC time, or undefined. */
export function compactTime(text: string): Date | undefined {
  const m = /^(\d{2}|\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  return utcTime(
    Number(m[1]),
    Number(m[2]),
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6]),
  );
}

/** A course in [0, 360): devices send 360 for north, negative never; anything else throws. */
export function course(value: number | undefined, field = 'course'): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value < 0 || value > 360) {
    throw new ProtocolError(`${field} must be between 0 and 360, got ${value}`);
  }
  return value % 360;
}

/** A speed that is finite and not negative. */
export function speed(value: number | undefined, field = 'speed'): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value < 0) {
    throw new ProtocolError(`${field} must be a number of at least 0, got ${value}`);
  }
  return value;
}

/** Battery percentage clamped to 0..100 (some firmwares report 101 while charging). */
export function percent(value: number | undefined): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return Math.min(100, Math.max(0, value));
}

/**
 * Unsigned degrees as `DDMM.MMMM` (width 2) or `DDDMM.MMMM` (width 3) for outgoing frames,
 * rounded in ten-thousandths of a minute so that 59.99995' carries into the degrees.
 */
export function formatDegreesMinutes(degrees: number, width: 2 | 3): string {
  const units = Math.round(Math.abs(degrees) * 60 * 10_000);
  const whole = Math.floor(units / 600_000);
  const minutes = (units - whole * 600_000) / 10_000;
  return `${String(whole).padStart(width, '0')}${minutes.toFixed(4).padStart(7, '0')}`;
}
