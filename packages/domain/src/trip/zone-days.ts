/**
 * Local calendar days of a time zone, for daily summaries: which day an instant falls in, and
 * where that day starts and ends in UTC. Fixes arrive in time order, so the day of the last
 * lookup is kept and most lookups are two comparisons; a new day costs a few Intl calls.
 */
export interface DayRange {
  /** The local date, `YYYY-MM-DD`. */
  day: string;
  /** The day's first instant, epoch ms. */
  start: number;
  /** The next day's first instant, epoch ms (23 or 25 hours later on a DST change). */
  end: number;
}

/**
 * Where instants fall, for the totals the segmentation keeps: local days of a zone (ZoneDays,
 * the daily summaries), or one range and what lies either side of it (RangeDays, a saved
 * report's figures). `splitOverDays` cuts an interval at the boundaries either gives.
 */
export interface DayCalendar {
  rangeOf(ms: number): DayRange;
  dayOf(ms: number): string;
}

/** Every zone's day starts on a quarter hour today: the ranges are remembered by quarter hour. */
const QUARTER_HOUR_MS = 900_000;
/** Quarter hours remembered before the memory starts over (about 100 days of one zone). */
const REMEMBERED_QUARTERS = 10_000;

export class ZoneDays implements DayCalendar {
  private readonly format: Intl.DateTimeFormat;
  private last: DayRange | undefined;
  /**
   * Ranges found, under each quarter hour they cover: a rebuild runs each tracker's history
   * from its start, so the same days are asked again and again, and finding one costs about
   * ten Intl calls.
   */
  private readonly byQuarter = new Map<number, DayRange>();

  constructor(readonly zone: string) {
    this.format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  }

  /** The local day containing `ms`. */
  rangeOf(ms: number): DayRange {
    const last = this.last;
    if (last && ms >= last.start && ms < last.end) return last;
    const known = this.byQuarter.get(Math.floor(ms / QUARTER_HOUR_MS));
    // A quarter hour cut by a midnight off the quarter (an old local mean time) is found anew.
    if (known && ms >= known.start && ms < known.end) return (this.last = known);
    const day = this.localDay(ms);
    const range = { day, start: this.startOf(day, ms), end: this.startOf(nextDay(day), ms) };
    if (this.byQuarter.size >= REMEMBERED_QUARTERS) this.byQuarter.clear();
    const lastQuarter = Math.floor((range.end - 1) / QUARTER_HOUR_MS);
    for (let q = Math.floor(range.start / QUARTER_HOUR_MS); q <= lastQuarter; q++)
      this.byQuarter.set(q, range);
    this.last = range;
    return range;
  }

  dayOf(ms: number): string {
    return this.rangeOf(ms).day;
  }

  /** The first instant of local `day` (`YYYY-MM-DD`), epoch ms. */
  startOfDay(day: string): number {
    return this.startOf(day, Date.parse(`${day}T12:00:00Z`));
  }

  private localDay(ms: number): string {
    const parts = this.parts(ms);
    return `${parts.year}-${parts.month}-${parts.day}`;
  }

  /** The zone's offset from UTC at `ms`, in ms (local = utc + offset). */
  private offsetAt(ms: number): number {
    const p = this.parts(ms);
    const local = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
    return local - Math.floor(ms / 1000) * 1000;
  }

  /** Local midnight of `day`, found from the offset near `hint` and corrected once for DST. */
  private startOf(day: string, hint: number): number {
    const midnightUtc = Date.parse(`${day}T00:00:00Z`);
    let guess = midnightUtc - this.offsetAt(hint);
    guess = midnightUtc - this.offsetAt(guess);
    // A zone that skips midnight (a DST change at 00:00) starts the day at the first instant
    // that reads as that day.
    while (this.localDay(guess) !== day && guess < midnightUtc + 86_400_000) guess += 900_000;
    return guess;
  }

  private parts(ms: number) {
    const out = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
    for (const part of this.format.formatToParts(new Date(ms)))
      if (part.type in out) out[part.type as keyof typeof out] = part.value;
    return out;
  }
}

/** The day after `YYYY-MM-DD`. */
export function nextDay(day: string): string {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
  return next.toISOString().slice(0, 10);
}

/**
 * Splits the interval [from, to) over the local days it covers, calling `each` with the day
 * and the share of the interval that falls in it (0–1). An interval inside one day is one call.
 */
export function splitOverDays(
  days: DayCalendar,
  from: number,
  to: number,
  each: (day: string, share: number, ms: number) => void,
): void {
  if (to <= from) return;
  const length = to - from;
  let at = from;
  while (at < to) {
    const range = days.rangeOf(at);
    const until = Math.min(to, range.end);
    each(range.day, (until - at) / length, until - at);
    at = until;
  }
}

/**
 * A range [from, to) as one "day" of its own (`RangeDays.RANGE`), with what lies before and
 * after it as two more: run over these, the daily summaries' arithmetic gives any range's
 * totals, cut at its ends exactly as a day's are at its midnights (a saved report's figures
 * over whole local days are the summaries' of those days).
 */
export class RangeDays implements DayCalendar {
  static readonly BEFORE = 'before';
  static readonly RANGE = 'range';
  static readonly AFTER = 'after';

  constructor(
    readonly from: number,
    readonly to: number,
  ) {}

  rangeOf(ms: number): DayRange {
    if (ms < this.from)
      return { day: RangeDays.BEFORE, start: Number.NEGATIVE_INFINITY, end: this.from };
    if (ms < this.to) return { day: RangeDays.RANGE, start: this.from, end: this.to };
    return { day: RangeDays.AFTER, start: this.to, end: Number.POSITIVE_INFINITY };
  }

  dayOf(ms: number): string {
    return this.rangeOf(ms).day;
  }
}
