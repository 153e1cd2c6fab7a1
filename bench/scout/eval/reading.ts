import type { ContentBlock, DialogMessage } from '@waymark/domain';

/**
 * What an answer says, read the way a fleet manager reads it: its text, the buttons it offers
 * (the UI tool calls) and the quantities, counts and clock times written in the text. Names of
 * the account's own things are taken out before numbers are read, so "Truck 43" is not a 43.
 */
export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export const textOf = (message: DialogMessage) =>
  message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');

export const uiCallsOf = (message: DialogMessage): ToolCall[] =>
  message.content
    .filter(
      (b): b is Extract<ContentBlock, { type: 'tool_call' }> =>
        b.type === 'tool_call' && b.name.startsWith('ui_'),
    )
    .map((b) => ({ name: b.name, arguments: b.arguments }));

const SMALL: Record<string, number> = {
  zero: 0,
  no: 0,
  none: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** Escapes a literal for a RegExp. */
export const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with each of `names` (longest first) replaced by a placeholder, any case. */
export function withoutNames(text: string, names: readonly string[]) {
  let out = text;
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    out = out.replace(new RegExp(`\\b${literal(name)}\\b`, 'gi'), ' ‹name› ');
  }
  return out;
}

/** Every count the text states: digits (1,234 or 12.5) and number words up to ninety-nine. */
export function numbersIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(
    /(?<![\w.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.])-?\d+(?:\.\d+)?/g,
  ))
    out.push(Number(m[0].replace(/,/g, '')));
  const words = text.toLowerCase().match(/[a-z]+(?:-[a-z]+)?/g) ?? [];
  for (const w of words) {
    const [a, b] = w.split('-');
    if (a && TENS[a] !== undefined)
      out.push(TENS[a] + (b && SMALL[b] !== undefined ? SMALL[b] : 0));
    else if (a && SMALL[a] !== undefined && a !== 'no' && a !== 'none') out.push(SMALL[a]);
  }
  return out;
}

/**
 * The counts the text states: whole numbers (digits or words) that are not a measure (followed
 * by a unit), a clock time, a date or a coordinate.
 */
export function countsIn(text: string): number[] {
  const bare = text
    .replace(/\(?-?\d+\.\d+,\s*-?\d+\.\d+\)?/g, ' ')
    .replace(/\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?Z?)?/g, ' ')
    .replace(/\b\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?/gi, ' ')
    .replace(
      /(?:\d+(?:[.,]\d+)*|\b[a-z]+(?:-[a-z]+)?)\s*(?:%|°|percent|mph|km\/h|kph|km|kms|kilomet\w*|mi|miles?|m|metres?|meters?|ft|feet|h|hrs?|hours?|min|mins|minutes?|s|secs?|seconds?|days?|weeks?|months?|positions?|fixes|utc)\b/gi,
      ' ',
    );
  return numbersIn(bare).filter((n) => Number.isInteger(n) && n >= 0);
}

const UNIT_M: [RegExp, number][] = [
  [/^(mi|mile|miles)$/i, 1609.344],
  [/^(km|kms|kilometers?|kilometres?)$/i, 1000],
  [/^(m|meters?|metres?)$/i, 1],
  [/^(ft|feet)$/i, 0.3048],
];

/** Distances written in the text, in metres ("412 mi", "663.2 km", "1,204 miles"). */
export function distancesIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(
    /(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?)\s*(miles|mile|mi|kilometres|kilometers|kilometre|kilometer|kms|km|metres|meters|metre|meter|m|feet|ft)\b/gi,
  )) {
    const unit = UNIT_M.find(([re]) => re.test(m[2]!));
    if (unit) out.push(Number(m[1]!.replace(/,/g, '')) * unit[1]);
  }
  return out;
}

/**
 * Durations written in the text, in seconds: "3 h 20 min", "3h20m", "2.5 hours", "45 minutes",
 * "1 day 4 hours", "03:20 h".
 */
export function durationsIn(text: string): number[] {
  const out: number[] = [];
  const unit = (u: string) =>
    /^d/i.test(u) ? 86_400 : /^h/i.test(u) ? 3600 : /^m/i.test(u) ? 60 : /^s/i.test(u) ? 1 : 0;
  const re =
    /((?:\d+(?:\.\d+)?\s*(?:days?|d|hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)\b[\s,]*(?:and\s+)?)+)/gi;
  for (const m of text.matchAll(re)) {
    let total = 0;
    for (const p of m[1]!.matchAll(/(\d+(?:\.\d+)?)\s*([a-z]+)/gi))
      total += Number(p[1]) * unit(p[2]!);
    if (total > 0) out.push(total);
  }
  for (const m of text.matchAll(/\b(\d{1,3}):(\d{2})\s*(?:h|hours|hrs)\b/gi))
    out.push(Number(m[1]) * 3600 + Number(m[2]) * 60);
  return out;
}

/** Temperatures written in the text, in °C ("41 °F", "5°C", "5.2 C"). */
export function temperaturesIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/(-?\d+(?:\.\d+)?)\s*°?\s*(F|C)\b/g)) {
    const v = Number(m[1]);
    out.push(m[2] === 'F' ? ((v - 32) * 5) / 9 : v);
  }
  return out;
}

/** Percentages written in the text ("9 %", "75%"). */
export function percentsIn(text: string): number[] {
  return [...text.matchAll(/(\d+(?:\.\d+)?)\s*(?:%|percent)/gi)].map((m) => Number(m[1]));
}

/** Speeds written in the text, in m/s ("55 mph", "88 km/h", "88 kph"). */
export function speedsIn(text: string): number[] {
  return [...text.matchAll(/(\d+(?:\.\d+)?)\s*(mph|km\/h|kph|kmh|m\/s)/gi)].map((m) => {
    const v = Number(m[1]);
    const u = m[2]!.toLowerCase();
    return u === 'mph' ? v * 0.44704 : u === 'm/s' ? v : v / 3.6;
  });
}

/** Clock times written in the text, minutes since midnight ("3:45 PM", "15:45", "3 pm"). */
export function clockTimesIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\b(\d{1,2}):(\d{2})(?::\d{2})?\s*(a\.?m\.?|p\.?m\.?)?/gi)) {
    let h = Number(m[1]);
    const pm = m[3] && /^p/i.test(m[3]);
    const am = m[3] && /^a/i.test(m[3]);
    if (pm && h < 12) h += 12;
    if (am && h === 12) h = 0;
    out.push(h * 60 + Number(m[2]));
  }
  for (const m of text.matchAll(/\b(\d{1,2})\s*(a\.?m\.?|p\.?m\.?)(?!\w)/gi)) {
    let h = Number(m[1]) % 12;
    if (/^p/i.test(m[2]!)) h += 12;
    out.push(h * 60);
  }
  return out;
}

/** True when the answer says, in so many words, that it cannot or may not do what was asked. */
export function saysCannot(text: string) {
  return /\b(can['’]?t|cannot|can not|unable|not able|don['’]?t (?:know|have|support)|do not (?:know|have|support)|not (?:yet )?(?:supported|possible|available|allowed|permitted)|no (?:data|information) (?:on|about|for)|isn['’]t something|outside what|not something i|i['’]m not able|i am not able|only (?:answer|help) (?:with|questions))/i.test(
    text,
  );
}

/** True when the answer asks the user something back (a clarifying question). */
export function asksBack(text: string) {
  return /\?\s*$/.test(text.trim()) || /\bdid you mean\b|\bwhich one\b|\bdo you mean\b/i.test(text);
}

/** The account's names that occur in the text, in the order they first occur. */
export function namesIn(text: string, names: readonly string[]): string[] {
  const found: { name: string; at: number }[] = [];
  let rest = text;
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    const re = new RegExp(`\\b${literal(name)}\\b`, 'i');
    const m = re.exec(rest);
    if (m) {
      found.push({ name, at: m.index });
      rest = rest.replace(new RegExp(`\\b${literal(name)}\\b`, 'gi'), (s) => '‹'.repeat(s.length));
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.name);
}
