/**
 * Words as people type them, made comparable: lower case, numbers in words as digits, plural
 * and typo-tolerant comparison of names. Pure; the parser and the name matcher use it.
 */

const UNITS: Record<string, number> = {
  zero: 0,
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

/** "twenty five" → "25", "a hundred" → "100", "a dozen" → "12"; other words unchanged. */
export function numbersInWords(text: string): string {
  const words = text.split(' ');
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    let value: number | undefined;
    if (w in TENS) {
      value = TENS[w]!;
      const next = words[i + 1];
      if (next && next in UNITS && UNITS[next]! < 10 && UNITS[next]! > 0) {
        value += UNITS[next]!;
        i++;
      }
    } else if (w in UNITS && w !== 'one') value = UNITS[w];
    else if (w === 'dozen') value = 12;
    if (value !== undefined && words[i + 1] === 'hundred') {
      value *= 100;
      i++;
    } else if (w === 'hundred') value = 100;
    if (value === undefined) out.push(w);
    else {
      if (out.at(-1) === 'a' && (w === 'hundred' || w === 'dozen')) out.pop();
      out.push(String(value));
    }
  }
  return out.join(' ');
}

/** Short words typed wrong or shortened, too short for the edit distance to be safe. */
const SHORTHAND: Record<string, string> = {
  meny: 'many',
  mny: 'many',
  manny: 'many',
  hw: 'how',
  wat: 'what',
  wht: 'what',
  wich: 'which',
  whcih: 'which',
  wher: 'where',
  whre: 'where',
  hav: 'have',
  teh: 'the',
  rn: 'right now',
  atm: 'at the moment',
  u: 'you',
  ur: 'your',
  pls: 'please',
  plz: 'please',
  yday: 'yesterday',
  yest: 'yesterday',
  tdy: 'today',
  wk: 'week',
  batt: 'battery',
  // Contractions typed without the apostrophe ("havent reported", "isnt moving").
  havent: 'have not',
  hasnt: 'has not',
  hadnt: 'had not',
  isnt: 'is not',
  arent: 'are not',
  wasnt: 'was not',
  werent: 'were not',
  didnt: 'did not',
  doesnt: 'does not',
  dont: 'do not',
};

/** The question as the parser reads it: lower case, units and signs kept as words. */
export function normalise(question: string): string {
  const text = question
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/°\s*f\b/g, ' degf ')
    .replace(/°\s*c\b/g, ' degc ')
    .replace(/\bkm\s*\/\s*h\b|\bkmh\b|\bkph\b/g, ' kmh ')
    .replace(/(\d)\s*%/g, '$1 percent ')
    .replace(/\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\b/g, (_, m: string, d: string, y?: string) =>
      y ? `${m}-${d}-${y}` : `${m}-${d}`,
    )
    .replace(/>=?/g, ' above ')
    .replace(/<=?/g, ' below ')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/([a-z])(\d)/g, (m, a: string, d: string) => (a === 'o' ? m : `${a} ${d}`))
    .replace(/'s\b/g, ' ')
    .replace(/n't\b/g, ' not')
    .replace(/[^\p{L}\p{N}.\- ]+/gu, ' ')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/(\p{L})-(?=\p{L})/gu, '$1 ')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .map((w) => SHORTHAND[w] ?? w)
    .join(' ');
  return numbersInWords(text);
}

/** A word's singular, enough for fleet nouns: trucks → truck, batteries → battery, boxes → box. */
export function singular(word: string): string {
  if (word.length <= 3 || /\d/.test(word) || word.endsWith('ss') || word.endsWith('us'))
    return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent swaps), capped. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > cap) return cap + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Edits a word of this length may carry and still be the word meant. */
export const tolerance = (word: string) => (word.length <= 4 ? 0 : word.length <= 7 ? 1 : 2);

/** True when `typed` is `word` as people type it: exact, plural, or a small typo. */
export function sameWord(typed: string, word: string): boolean {
  if (typed === word || singular(typed) === singular(word)) return true;
  if (/\d/.test(typed) || /\d/.test(word)) return false;
  return editDistance(singular(typed), singular(word)) <= tolerance(word);
}

/** True when any of `words` is one of `wanted` as people type it. */
export const hasWord = (words: readonly string[], ...wanted: string[]) =>
  words.some((w) => wanted.some((x) => sameWord(w, x)));
