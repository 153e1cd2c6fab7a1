import { matchName, type Named, type NameMatch, type QueryLexicon } from './query-names';
import { kindOf } from './query-kinds';
import { singular } from './query-words';

/**
 * The account's names in a question, in the order that keeps them apart: whole tracker names
 * first ("Truck 43" is a tracker, not the group Long Haul Trucks by its word "truck"), then
 * whole geofence and group names, then one distinctive word of a geofence (where a place is
 * said: "around Dallas") or of a group, then one distinctive word of a tracker's name.
 */
export interface NamesFound {
  tracker: NameMatch<Named>;
  geofence?: Named;
  /** The geofence was found by one word of its name ("near Dallas" for Dallas Hub). */
  geofenceByWord?: boolean;
  group?: Named;
  /** Token positions the names cover. */
  used: Set<number>;
}

export function findNames(
  tokens: readonly string[],
  lexicon: QueryLexicon,
  partial: (w: string) => boolean,
): NamesFound {
  const used = new Set<number>();
  const take = (m: { start: number; end: number }) => {
    for (let i = m.start; i < m.end; i++) used.add(i);
  };
  const rest = () => tokens.map((t, i) => (used.has(i) ? '' : t));
  const none = () => false;

  let tracker = matchTracker(tokens, lexicon, none);
  if (tracker.kind === 'one') take(tracker.hit);
  const whole = (items: Named[]) => {
    const m = matchName(rest(), items, none);
    return m.kind === 'one' ? m : undefined;
  };
  let geofence = whole(lexicon.geofences);
  if (geofence) take(geofence.hit);
  let group = whole(lexicon.groups);
  if (group) take(group.hit);
  if (tracker.kind !== 'one' && (geofence || group)) {
    tracker = matchTracker(rest(), lexicon, none);
    if (tracker.kind === 'one') take(tracker.hit);
  }
  // One word of a geofence's name counts only where a place is said ("around Dallas" for
  // Dallas Hub), not wherever a word of it appears ("Where is Bravo Van?", Around Bravo Van).
  const placeWord = (word: string) => {
    const i = tokens.indexOf(word);
    const before = tokens[i - 1] === 'the' ? tokens[i - 2] : tokens[i - 1];
    return (
      !!before && /^(in|inside|at|around|near|outside|within|to|from|of|by|left)$/.test(before)
    );
  };
  let geofenceByWord = false;
  if (!geofence) {
    const m = matchName(rest(), lexicon.geofences, (w) => partial(w) && placeWord(w));
    if (m.kind === 'one') take((geofence = m).hit);
    geofenceByWord = !!geofence;
  }
  const notKind = (w: string) => partial(w) && !kindOf(w, lexicon.trackers);
  if (!group) {
    const m = matchName(rest(), lexicon.groups, notKind);
    if (m.kind === 'one') take((group = m).hit);
  }
  // A second pass over every name only when some word could be one word of a name.
  if (
    tracker.kind === 'none' &&
    rest().some((w) => w.length >= 3 && !/^\d+$/.test(w) && notKind(w))
  ) {
    tracker = matchTracker(rest(), lexicon, notKind);
    if (tracker.kind === 'one') take(tracker.hit);
  }
  return {
    tracker,
    ...(geofence ? { geofence: geofence.hit.item, geofenceByWord } : {}),
    ...(group ? { group: group.hit.item } : {}),
    used,
  };
}

function matchTracker(
  tokens: readonly string[],
  lexicon: QueryLexicon,
  partial: (w: string) => boolean,
): NameMatch<Named> {
  const bySerial = lexicon.trackers.find(
    (t) => t.serial && t.serial.length >= 4 && tokens.includes(t.serial.toLowerCase()),
  );
  if (bySerial) {
    const i = tokens.indexOf(bySerial.serial!.toLowerCase());
    return { kind: 'one', hit: { item: bySerial, start: i, end: i + 1 } };
  }
  return matchName(tokens, lexicon.trackers, partial);
}

/** The kind word the free words say ("trucks", "the reefer"), with how it was typed. */
export function kindSaid(free: readonly string[], lexicon: QueryLexicon) {
  for (let i = 0; i < free.length; i++) {
    const kind = kindOf(free[i]!, lexicon.trackers);
    if (kind)
      return {
        kind,
        typed: free[i]!,
        plural: singular(free[i]!) !== free[i]!,
        afterThe: free[i - 1] === 'the',
      };
  }
  return undefined;
}
