import { tokensOf, type Named } from './query-names';
import { sameWord, singular } from './query-words';

/**
 * Kinds of tracker as people say them ("trucks", "the reefer", "pickups"): the words fleets
 * put before a number in their trackers' names (Truck 07, Pickup 12), read from the account's
 * own names, plus the synonyms people use for them (lorry, fridge, rig).
 */

/** Synonyms of a kind → the word a fleet's names use. */
const SYNONYMS: Record<string, string> = {
  lorry: 'truck',
  rig: 'truck',
  semi: 'truck',
  tractor: 'truck',
  fridge: 'reefer',
  refrigerated: 'reefer',
  chiller: 'reefer',
  'pick-up': 'pickup',
  ute: 'pickup',
};
/** Kinds known even when no name uses them (a group or a model may). */
const KNOWN = [
  'truck',
  'van',
  'trailer',
  'reefer',
  'container',
  'pickup',
  'car',
  'bike',
  'pallet',
  'tag',
  'bus',
];

const kindsCache = new WeakMap<readonly Named[], Set<string>>();

/** The kind words of the account's names: a word before a number in two names or more. */
export function nameKinds(trackers: readonly Named[]): Set<string> {
  let kinds = kindsCache.get(trackers);
  if (kinds) return kinds;
  const counts = new Map<string, number>();
  for (const t of trackers) {
    const tokens = tokensOf(t.name);
    for (let i = 0; i + 1 < tokens.length; i++) {
      if (/^\d+$/.test(tokens[i + 1]!) && !/\d/.test(tokens[i]!)) {
        const w = singular(tokens[i]!);
        counts.set(w, (counts.get(w) ?? 0) + 1);
      }
    }
  }
  kinds = new Set([...counts].filter(([, n]) => n >= 2).map(([w]) => w));
  kindsCache.set(trackers, kinds);
  return kinds;
}

/** The kind a typed word names ("pickups" → pickup, "fridge" → reefer), if any. */
export function kindOf(word: string, trackers: readonly Named[]): string | undefined {
  const w = singular(word);
  if (w in SYNONYMS) return SYNONYMS[w];
  const kinds = nameKinds(trackers);
  for (const k of [...kinds, ...KNOWN]) if (w === k || sameWord(w, k)) return k;
  return undefined;
}

/** The trackers whose names hold the kind's word. */
export const ofKind = <T extends Named>(trackers: readonly T[], kind: string) =>
  trackers.filter((t) => tokensOf(t.name).some((w) => sameWord(w, kind)));
