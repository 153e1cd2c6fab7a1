/** A cell a spreadsheet would run as a formula: it starts with = + - @, a tab or a CR. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number, such as a longitude west of Greenwich (-73.99): a value, not a formula. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Quotes a CSV cell when it needs it (RFC 4180) and defuses spreadsheet formulas with a
 * leading apostrophe; numbers stay as they are ('-1+A1' is a formula, '-73.99' is not).
 * Every CSV the server writes goes through here.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return values.map(csvCell).join(',') + '\r\n';
}

/**
 * A time shown in the caller's zone: `offset` is minutes west of UTC as the browser's
 * getTimezoneOffset() gives (the spec's `offset` parameter), e.g. 300 for US Central summer.
 */
export function localTime(iso: string, offsetMinutes: number): string {
  const shifted = new Date(Date.parse(iso) - offsetMinutes * 60_000);
  return shifted.toISOString().replace('T', ' ').slice(0, 19);
}
