import { mpsToMph } from '../geo/geo.rules';

/**
 * Distances, radii, speeds and percentages as people read them, in the units the spec names
 * for each screen: geofence radii in km (metres under 1 km), accuracy in metres, anchor radii
 * in feet, speed in mph (spec 000 §3, §9). Stored values keep their full precision; only the
 * text is rounded. Numbers are written the en-US way (1,500), as dates and mph are.
 */

const formatters = new Map<number, Intl.NumberFormat>();

/** `value` with at most `decimals` decimals, trailing zeros dropped, thousands separated. */
function decimalsOf(value: number, decimals: number): string {
  let formatter = formatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals });
    formatters.set(decimals, formatter);
  }
  // Intl writes a rounded-away negative zero as "-0".
  const text = formatter.format(value);
  return text === '-0' ? '0' : text;
}

/** What is shown for a value that is not a number (a broken record), instead of "NaN km". */
export const NO_MEASURE = '—';

/**
 * About three significant digits, never more than two decimals: 227.7907 → "228",
 * 22.79 → "22.8", 2.279 → "2.28", 0.1 → "0.1".
 */
export function readableNumber(value: number): string {
  if (!Number.isFinite(value)) return NO_MEASURE;
  const size = Math.abs(value);
  return decimalsOf(value, size >= 100 ? 0 : size >= 10 ? 1 : 2);
}

/**
 * A distance or radius given in km: whole metres under 1 km ("250 m"), otherwise km with about
 * three significant digits ("2.28 km", "22.8 km", "228 km", "1,204 km").
 */
export function formatKilometres(km: number): string {
  if (!Number.isFinite(km)) return NO_MEASURE;
  const metres = Math.round(km * 1000);
  // 0.9996 km rounds to 1,000 m: shown as "1 km", not "1,000 m".
  if (Math.abs(metres) < 1000) return `${decimalsOf(metres, 0)} m`;
  return `${readableNumber(km)} km`;
}

/** A length in metres, such as a fix's accuracy: whole metres ("9 m", "1,500 m"). */
export function formatMetres(metres: number): string {
  if (!Number.isFinite(metres)) return NO_MEASURE;
  return `${decimalsOf(metres, 0)} m`;
}

/** A length in feet, such as a BLE anchor's radius (spec 000 §2.8): whole feet ("30 ft"). */
export function formatFeet(feet: number): string {
  if (!Number.isFinite(feet)) return NO_MEASURE;
  return `${decimalsOf(feet, 0)} ft`;
}

/**
 * A speed sent in m/s, shown in mph (spec 000 §9): whole mph from 10 mph ("23 mph"), one
 * decimal below, where a walking pace still reads as moving ("2.7 mph"); no speed reads
 * "0 mph".
 */
export function formatSpeed(metresPerSecond: number | null | undefined): string {
  const mph = mpsToMph(metresPerSecond ?? 0);
  if (!Number.isFinite(mph)) return NO_MEASURE;
  return `${decimalsOf(mph, Math.abs(mph) >= 10 ? 0 : 1)} mph`;
}

/** A percentage such as a battery level: whole percent ("87%"). */
export function formatPercent(percent: number): string {
  if (!Number.isFinite(percent)) return NO_MEASURE;
  return `${decimalsOf(percent, 0)}%`;
}
