/**
 * Local days of the account's zone, worked out with Intl only (no date library): which day an
 * instant falls on, and the instant a local day begins.
 */
const parts = (at: Date, zone: string) => {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    y: Number(p.year),
    m: Number(p.month),
    d: Number(p.day),
    h: Number(p.hour),
    min: Number(p.minute),
    s: Number(p.second),
  };
};

const iso = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.toISOString().slice(0, 10);
};

/** The local day `offset` days after the one `at` falls on in `zone`, as YYYY-MM-DD. */
export function localDay(at: Date, zone: string, offset = 0) {
  const p = parts(at, zone);
  return iso(p.y, p.m, p.d + offset);
}

/** Minutes `zone` is ahead of UTC at `at`. */
function offsetMinutes(at: Date, zone: string) {
  const p = parts(at, zone);
  const asUtc = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant local day `day` (+ `plusDays`) begins in `zone`. */
export function zonedDayStart(day: string, zone: string, plusDays = 0) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d + plusDays);
  // Twice: the offset at midnight may differ from the offset at the UTC guess (DST days).
  let at = guess - offsetMinutes(new Date(guess), zone) * 60_000;
  at = guess - offsetMinutes(new Date(at), zone) * 60_000;
  return new Date(at);
}

/** Day of the week of a YYYY-MM-DD, 0 Sunday … 6 Saturday. */
export const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** Shifts a YYYY-MM-DD by whole days. */
export function addDays(day: string, days: number) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return iso(y, m, d + days);
}

/** The previous Monday–Sunday week before the one `today` falls in. */
export function lastWeek(today: string) {
  const sinceMonday = (weekday(today) + 6) % 7;
  const monday = addDays(today, -sinceMonday - 7);
  return { from: monday, to: addDays(monday, 6) };
}

/** "Nov 29" of a YYYY-MM-DD: how a person writes a date in a question. */
export function shortDate(day: string) {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The local clock time of an instant in `zone`, minutes since midnight. */
export function minutesOfDay(at: Date, zone: string) {
  const p = parts(at, zone);
  return p.h * 60 + p.min;
}
