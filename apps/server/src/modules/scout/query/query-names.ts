import { editDistance, normalise, sameWord, singular, tolerance } from './query-words';

/**
 * The account's names in a question as people type them (issue 38, "Names as people type
 * them"): whole names first, then names with typos or plurals, then a single distinctive word
 * of a name ("Alpha" for Alpha Truck). Two names as close as each other are not guessed
 * between: the caller asks back. A name whose number differs ("Truck 43" for Truck 42) is
 * never taken for it, only offered.
 */

export interface Named {
  id: number;
  name: string;
}

/** The account's names a question is read against. */
export interface QueryLexicon {
  trackers: (Named & { serial?: string })[];
  groups: Named[];
  geofences: Named[];
  models: string[];
}

export interface NameHit<T extends Named> {
  item: T;
  /** The token positions of the question the name covers. */
  start: number;
  end: number;
}

export type NameMatch<T extends Named> =
  | { kind: 'one'; hit: NameHit<T> }
  | { kind: 'ambiguous'; items: T[]; start: number; end: number }
  | { kind: 'near'; items: T[]; start: number; end: number }
  | { kind: 'none' };

const isNumber = (w: string) => /^\d+$/.test(w);

/** How far the typed words are from a name's words; undefined when not close at all. */
function distanceOf(
  typed: string[],
  name: string[],
): { edits: number; numbers: boolean } | undefined {
  let edits = 0;
  let numbers = false;
  for (let i = 0; i < name.length; i++) {
    const a = typed[i]!;
    const b = name[i]!;
    if (isNumber(a) || isNumber(b)) {
      if (isNumber(a) && isNumber(b) && Number(a) === Number(b)) continue;
      if (isNumber(a) !== isNumber(b)) return undefined;
      if (editDistance(a, b, 2) > 1) return undefined;
      numbers = true;
      edits += 1;
      continue;
    }
    if (a === b || singular(a) === singular(b)) continue;
    const d = editDistance(singular(a), singular(b), 2);
    if (d > tolerance(b)) return undefined;
    edits += d;
  }
  return { edits, numbers };
}

/** Names as tokens, kept across answers: a fleet's names change rarely, its lists often. */
const TOKENS_KEPT = 200_000;
const tokensOfName = new Map<string, string[]>();
export function tokensOf(name: string): string[] {
  let tokens = tokensOfName.get(name);
  if (!tokens) {
    if (tokensOfName.size >= TOKENS_KEPT) tokensOfName.clear();
    tokens = normalise(name).split(' ').filter(Boolean);
    tokensOfName.set(name, tokens);
  }
  return tokens;
}
const nameTokens = <T extends Named>(items: readonly T[]) => items.map((i) => tokensOf(i.name));

/**
 * The name of `items` the tokens hold. `partialWords` are tokens that may stand for one word
 * of a name (not fleet words like "truck", which name a kind, not one tracker).
 */
export function matchName<T extends Named>(
  tokens: readonly string[],
  items: readonly T[],
  partialWords: (word: string) => boolean,
): NameMatch<T> {
  const names = nameTokens(items);
  type Scored = { item: T; start: number; end: number; edits: number; numbers: boolean };
  const scored: Scored[] = [];
  // Per question, not per name: at 10,000 names this test runs for every name and position.
  const numeric = tokens.map(isNumber);
  for (let k = 0; k < items.length; k++) {
    const name = names[k]!;
    if (name.length === 0 || name.length > tokens.length) continue;
    const initial = name[0]![0];
    for (let start = 0; start + name.length <= tokens.length; start++) {
      // Cheap test first: the first letters agree, or the first word is a number.
      if (tokens[start]![0] !== initial && !numeric[start]) continue;
      const d = distanceOf(tokens.slice(start, start + name.length) as string[], name);
      if (d) scored.push({ item: items[k]!, start, end: start + name.length, ...d });
    }
  }
  const confident = scored.filter((s) => !s.numbers);
  if (confident.length > 0) {
    // The fewest edits, then the longest name ("Truck 07 Trailer" over "Truck 07").
    confident.sort((a, b) => a.edits - b.edits || b.end - b.start - (a.end - a.start));
    const best = confident[0]!;
    const ties = confident.filter(
      (s) => s.edits === best.edits && s.end - s.start === best.end - best.start,
    );
    const distinct = [...new Map(ties.map((s) => [s.item.id, s.item])).values()];
    if (distinct.length === 1) return { kind: 'one', hit: best };
    return { kind: 'ambiguous', items: distinct.slice(0, 3), start: best.start, end: best.end };
  }
  if (scored.length > 0) {
    // "Trailer 5": the names whose number starts with 5 (51, 57) before those one edit away (15).
    const typedNumber = (s: Scored) => tokens.slice(s.start, s.end).find(isNumber);
    const prefixed = scored.filter((s) => {
      const typed = typedNumber(s);
      const own = tokensOf(s.item.name).find(isNumber);
      return !!typed && !!own && own.startsWith(typed);
    });
    const offered = prefixed.length > 0 ? prefixed : scored;
    const distinct = [...new Map(offered.map((s) => [s.item.id, s.item])).values()];
    const { start, end } = offered[0]!;
    // "Truck 99" of a fleet with Truck 19 and Truck 49: no such name, so it is said before
    // the names one edit away are offered; "Trailer 5" is the start of 51 and 57, a choice.
    return {
      kind: distinct.length === 1 || prefixed.length === 0 ? 'near' : 'ambiguous',
      items: distinct.slice(0, 4),
      start,
      end,
    };
  }
  // One distinctive word of a name: "Alpha" for Alpha Truck.
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]!;
    if (word.length < 3 || !partialWords(word)) continue;
    const holding = items.filter((_, k) => names[k]!.some((w) => sameWord(word, w)));
    if (holding.length === 1)
      return { kind: 'one', hit: { item: holding[0]!, start: i, end: i + 1 } };
    if (holding.length > 1)
      return { kind: 'ambiguous', items: holding.slice(0, 3), start: i, end: i + 1 };
  }
  return { kind: 'none' };
}
