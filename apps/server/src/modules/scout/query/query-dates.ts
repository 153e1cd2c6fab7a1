import type { QueryTime } from './fleet-query';

/**
 * The time a question names, as people write it (issue 38: "relative dates"): today,
 * yesterday, this or last week or month, the last N days, N days ago, a weekday, a date
 * ("Nov 30", "30 November", "11/30", "2026-11-30") or a range of them ("from Nov 28 to Dec 1",
 * "between Nov 27 and Nov 30", "since Monday"). Reads the normalised text (query-words.ts) and
 * the account's local today; a date without a year is the latest one not after today.
 *
 * `unread` is true when the text holds time words this reader could not turn into days
 * ("last quarter", "tomorrow", "in March"): the parser must then say it cannot rather than
 * answer for another time.
 */
export interface TimeReading {
  time: QueryTime | undefined;
  unread: boolean;
}

const DAY_MS = 86_400_000;
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** "nov", "novem", "november" → 0-based month; "may" only in full. */
function monthOf(word: string): number | undefined {
  if (word.length < 3) return undefined;
  const i = MONTHS.findIndex((m) => m.startsWith(word) || (word === 'sept' && m === 'september'));
  return i >= 0 ? i : undefined;
}
function weekdayOf(word: string): number | undefined {
  const w = word.replace(/s$/, '');
  if (w.length < 3) return undefined;
  const i = WEEKDAYS.findIndex((d) => d.startsWith(w) && (w.length >= 3 || d === w));
  return i >= 0 ? i : undefined;
}

const toNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const toDay = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const iso = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m, d));
  return t.getUTCMonth() === m && t.getUTCDate() === d ? toDay(t.getTime() / DAY_MS) : undefined;
};

const MONTH_WORD = `(?:${MONTHS.map((m) => m.slice(0, 3)).join('|')})[a-z]*`;
const ORDINAL = '(?: ?(?:st|nd|rd|th))?';
/** One date: "nov 30", "30 nov", "november 30 2026", "11-30", "2026-11-30", "monday", "3 days ago". */
const DATE = [
  `\\d{4}-\\d{1,2}-\\d{1,2}`,
  `${MONTH_WORD} \\d{1,2}${ORDINAL}(?: \\d{4})?`,
  `\\d{1,2}${ORDINAL} (?:of )?${MONTH_WORD}(?: \\d{4})?`,
  `\\d{1,2}-\\d{1,2}(?:-\\d{2,4})?`,
  `(?:last |this |on )?(?:${WEEKDAYS.join('|')})`,
  `\\d+ days? ago`,
  `today`,
  `yesterday`,
].join('|');

/** The day one date phrase names, as a day number; undefined when it is none. */
function dayOf(phrase: string, today: number): number | undefined {
  const p = phrase.trim();
  const year = new Date(today * DAY_MS).getUTCFullYear();
  // Without a year: this year's, or last year's when this year's is still to come.
  const latest = (m: number, d: number, y?: number) => {
    if (y !== undefined) return maybe(iso(y < 100 ? 2000 + y : y, m, d));
    const thisYear = maybe(iso(year, m, d));
    return thisYear !== undefined && thisYear > today ? maybe(iso(year - 1, m, d)) : thisYear;
  };
  let m: RegExpExecArray | null;
  if (p === 'today') return today;
  if (p === 'yesterday') return today - 1;
  if ((m = /^(\d+) days? ago$/.exec(p))) return today - Number(m[1]);
  if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(p)))
    return maybe(iso(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if ((m = /^([a-z]+) (\d{1,2})(?: ?(?:st|nd|rd|th))?(?: (\d{4}))?$/.exec(p))) {
    const month = monthOf(m[1]!);
    if (month !== undefined) return latest(month, Number(m[2]), m[3] ? Number(m[3]) : undefined);
  }
  if ((m = /^(\d{1,2})(?: ?(?:st|nd|rd|th))? (?:of )?([a-z]+)(?: (\d{4}))?$/.exec(p))) {
    const month = monthOf(m[2]!);
    if (month !== undefined) return latest(month, Number(m[1]), m[3] ? Number(m[3]) : undefined);
  }
  if ((m = /^(\d{1,2})-(\d{1,2})(?:-(\d{2,4}))?$/.exec(p)))
    return latest(Number(m[1]) - 1, Number(m[2]), m[3] ? Number(m[3]) : undefined);
  if ((m = /^(?:(last|this|on) )?([a-z]+)$/.exec(p))) {
    const weekday = weekdayOf(m[2]!);
    if (weekday === undefined) return undefined;
    // 1970-01-01 was a Thursday: Monday is 0.
    const todayWeekday = (today + 3) % 7;
    let back = (todayWeekday - weekday + 7) % 7;
    if (m[1] === 'last' && back === 0) back = 7;
    return today - back;
  }
  return undefined;
}
const maybe = (day: string | undefined) => (day ? toNumber(day) : undefined);

const RELATIVE: [RegExp, QueryTime][] = [
  [/\bday before yesterday\b/, { kind: 'relative', name: 'yesterday' }],
  [/\b(last|previous|prior) week\b/, { kind: 'relative', name: 'last_week' }],
  [/\bthis week\b|\bso far this week\b/, { kind: 'relative', name: 'this_week' }],
  [/\b(last|previous|prior) month\b/, { kind: 'relative', name: 'last_month' }],
  [/\bthis month\b/, { kind: 'relative', name: 'this_month' }],
  [/\b(past|last) (7 days|week)\b|\bpast week\b/, { kind: 'last_days', days: 7 }],
  [/\btoday\b|\bso far\b|\bthis morning\b|\bthis afternoon\b/, { kind: 'relative', name: 'today' }],
  [/\byesterday\b|\blast night\b/, { kind: 'relative', name: 'yesterday' }],
];

/** Time words that name a time this reader does not turn into days. */
const UNREAD =
  /\b(tomorrow|tonight|next (week|month|year|\w+day)|quarter|year|ytd|weekend|fortnight|hours? ago|this evening|(last|past|previous) \d+ (weeks?|months?|years?)|in (january|february|march|april|june|july|august|september|october|november|december))\b/;

export function readTime(text: string, todayIso: string): TimeReading {
  const today = toNumber(todayIso);
  const range = (from: number, to: number): QueryTime => {
    const [a, b] = from <= to ? [from, to] : [to, from];
    return a === b && a === today
      ? { kind: 'relative', name: 'today' }
      : { kind: 'range', from: toDay(a), to: toDay(b) };
  };
  let m: RegExpExecArray | null;
  const between = new RegExp(
    `\\b(?:from|between)? ?(${DATE}) (?:to|and|until|till|through|thru|-) (${DATE})\\b`,
  );
  if ((m = between.exec(text))) {
    const from = dayOf(m[1]!, today);
    const to = dayOf(m[2]!, today);
    if (from !== undefined && to !== undefined) return { time: range(from, to), unread: false };
  }
  if ((m = new RegExp(`\\bsince (${DATE})\\b`).exec(text))) {
    const from = dayOf(m[1]!, today);
    if (from !== undefined) return { time: range(from, today), unread: false };
  }
  if ((m = /\b(?:past|last|previous) (\d+) days?\b/.exec(text)))
    return { time: { kind: 'last_days', days: Math.min(366, Number(m[1])) }, unread: false };
  if (/\bday before yesterday\b/.test(text))
    return { time: range(today - 2, today - 2), unread: false };
  for (const [pattern, time] of RELATIVE)
    if (pattern.test(text) && !/\bday before yesterday\b/.test(text))
      return { time, unread: false };
  const one = new RegExp(`\\b(?:on |for |of )?(${DATE})\\b`).exec(text);
  if (one) {
    const day = dayOf(one[1]!, today);
    if (day !== undefined && day <= today) return { time: range(day, day), unread: false };
    return { time: undefined, unread: true };
  }
  const monthWord = text.split(' ').some((w) => monthOf(w) !== undefined && w !== 'mar');
  return { time: undefined, unread: UNREAD.test(text) || monthWord };
}
