import { historyColumnsSchema, HISTORY_COLUMNS, type HistoryColumns } from '@waymark/domain';
import { checked } from './parse';

/** Fixes checked of a long history: every column has one shape in every fix, so a sample tells. */
const SAMPLED_FIXES = 64;

/** The columns the screens cannot do without; the others degrade to "not reported". */
const REQUIRED = ['times', 'lat', 'lng', 'fix'] as const;

/** A history with no fixes, for a body that cannot be read. */
export const NO_HISTORY: HistoryColumns = {
  device_id: 0,
  times: [],
  lat: [],
  lng: [],
  fix: [],
  speed: [],
  course: [],
  altitude: [],
  accuracy: [],
  battery: [],
  temperature: [],
  humidity: [],
  odometer: [],
  address: [],
  is_inside_geofences: [],
};

/**
 * A `format=columns` history (tracker details: 86,400 fixes for 10 days at 10 s) as the screens
 * read it: the server's arrays themselves, not copies. Checks the columns' values at up to
 * SAMPLED_FIXES fixes spread over the range against the domain schema, as `checked` does (logged,
 * not thrown). Columns must be as long as `times`, or index i would not be one fix: a sensor
 * column that is not reads as not reported (nulls), a missing time or place as no history.
 */
export function checkedColumns(value: unknown, what: string): HistoryColumns {
  const body = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const count = Array.isArray(body.times) ? body.times.length : -1;
  const fits = (column: unknown): column is unknown[] =>
    Array.isArray(column) && column.length === count;
  const missing = REQUIRED.filter((name) => !fits(body[name]));
  if (missing.length > 0) {
    console.warn(`Unexpected ${what} response: no ${missing.join(', ')} as long as times`);
    return NO_HISTORY;
  }
  const columns: Record<string, unknown> = { ...body };
  for (const name of HISTORY_COLUMNS) {
    if (fits(body[name])) continue;
    console.warn(`Unexpected ${what} response: ${name} is not one value per fix`);
    columns[name] = new Array(count).fill(name === 'is_inside_geofences' ? false : null);
  }
  checked(historyColumnsSchema, sampleOf(columns, count), what);
  return columns as HistoryColumns;
}

/** The same columns at up to SAMPLED_FIXES fixes: the first, the last and some between. */
function sampleOf(columns: Record<string, unknown>, count: number) {
  const step = Math.max(1, Math.floor(count / SAMPLED_FIXES));
  const picked: number[] = [];
  for (let i = 0; i < count; i += step) picked.push(i);
  if (count > 0 && picked.at(-1) !== count - 1) picked.push(count - 1);
  return Object.fromEntries(
    Object.entries(columns).map(([name, column]) => [
      name,
      Array.isArray(column) ? picked.map((i) => column[i] as unknown) : column,
    ]),
  );
}
