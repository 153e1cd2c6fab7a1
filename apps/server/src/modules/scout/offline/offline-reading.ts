import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import type { ScoutLexicon } from '../scout-model';

/**
 * The offline model's reading of a question: what is asked (the intent) and about what (the
 * entities: the account's own tracker, group and geofence names, a period, a number). wink-nlp
 * tokenises the text, gives each word its lemma ("moved" → "move", "trackers" → "tracker") and
 * finds durations, percentages and numbers; intents are sets of lemmas and names are matched
 * against the names the user sees.
 */

const nlp = winkNLP(model, ['sbd', 'pos', 'ner']);
const its = nlp.its;

export type Intent =
  | 'confirm'
  | 'create_geofence'
  | 'export_csv'
  | 'draw_area'
  | 'show_on_map'
  | 'where_is'
  | 'late_shipments'
  | 'shipments'
  | 'not_moved'
  | 'overdue'
  | 'low_battery'
  | 'outside_geofence'
  | 'inside_geofence'
  | 'in_group'
  | 'history'
  | 'events'
  | 'dwell'
  | 'list_geofences'
  | 'list_trackers'
  | 'unknown';

export interface Reading {
  intent: Intent;
  /** The question also asks for a CSV of what it finds ("… as CSV"). */
  wantsCsv: boolean;
  tracker?: { id: number; name: string } | undefined;
  /** Words that seemed to name a tracker none of whose names matched. */
  trackerWords?: string | undefined;
  group?: { id: number; name: string } | undefined;
  geofence?: { id: number; name: string } | undefined;
  /** A period in hours ("24 hours", "3 days", "a week"). */
  hours?: number | undefined;
  /** A percentage or plain number ("below 30%"). */
  number?: number | undefined;
}

const HOURS_PER: Record<string, number> = {
  minute: 1 / 60,
  hour: 1,
  day: 24,
  week: 168,
  month: 720,
};

/** Text as names are compared: lower case, words separated by one space. */
export const simplify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The longest of the names that appears in the text as whole words. */
function mentioned<T extends { name: string }>(text: string, items: T[]): T | undefined {
  const padded = ` ${text} `;
  let best: T | undefined;
  let bestLength = 0;
  for (const item of items) {
    const name = simplify(item.name);
    if (name.length > bestLength && padded.includes(` ${name} `)) {
      best = item;
      bestLength = name.length;
    }
  }
  return best;
}

/** The period a duration entity or a word names, in hours. */
function periodOf(
  entities: { value: string; type: string }[],
  lemmas: string[],
): number | undefined {
  for (const entity of entities) {
    if (entity.type !== 'DURATION' && entity.type !== 'DATE') continue;
    const match = /(\d+(?:\.\d+)?|an?|one)?\s*(minute|hour|day|week|month)s?/i.exec(entity.value);
    if (match) {
      const count = match[1] && /\d/.test(match[1]) ? Number(match[1]) : 1;
      return count * HOURS_PER[match[2]!.toLowerCase()]!;
    }
  }
  if (lemmas.includes('yesterday') || lemmas.includes('today')) return 24;
  const unit = lemmas.find((l) => l in HOURS_PER);
  return unit ? HOURS_PER[unit] : undefined;
}

function numberOf(entities: { value: string; type: string }[]): number | undefined {
  for (const entity of entities) {
    if (entity.type === 'PERCENT' || entity.type === 'CARDINAL') {
      const n = Number.parseFloat(entity.value);
      if (Number.isFinite(n)) return n;
    }
  }
  return undefined;
}

const has = (lemmas: Set<string>, ...words: string[]) => words.some((w) => lemmas.has(w));

/** The words after a trigger ("where is …", "around …"), for a tracker no name matched. */
function wordsAfter(text: string): string | undefined {
  const match =
    /\b(?:where is|where s|where are|locate|find|show|show me|zoom to|around|of|for|is)\s+(?:the\s+)?(?:tracker\s+|device\s+)?(.+?)(?:\s+on the map|\s+on a map|\s+now|\s+right now|\s+located)?$/.exec(
      text,
    );
  const words = match?.[1]?.trim();
  return words && !/^(it|they|them|these|those|all|my|trackers?|devices?)$/.test(words)
    ? words
    : undefined;
}

/** Reads one question against the account's names. */
export function readQuestion(question: string, lexicon: ScoutLexicon): Reading {
  const doc = nlp.readDoc(question);
  // The typings of its.lemma ask for the model's add-ons that the lite model carries built in.
  const lemmaList = doc.tokens().out(its.lemma as never) as string[];
  const normals = doc.tokens().out(its.normal) as string[];
  const lemmas = new Set([...lemmaList, ...normals]);
  const entities = doc.entities().out(its.detail) as unknown as { value: string; type: string }[];
  const text = simplify(question);
  const negated =
    has(lemmas, 'not', "n't", 'never', 'no', 'without') ||
    /\b(hasn t|haven t|didn t|hasnt|havent|didnt)\b/.test(text);

  const tracker = mentioned(text, lexicon.trackers);
  const group = mentioned(text, lexicon.groups);
  const geofence = mentioned(text, lexicon.geofences);
  const hours = periodOf(entities, lemmaList);
  const number = numberOf(entities);
  const wantsCsv = has(lemmas, 'csv', 'export', 'spreadsheet', 'excel', 'download');
  const aboutMap = has(lemmas, 'map', 'zoom');
  const base = { wantsCsv, tracker, group, geofence, hours, number };
  const withTracker = (intent: Intent): Reading => ({
    ...base,
    intent,
    trackerWords: tracker ? undefined : wordsAfter(text),
  });

  if (/^(yes|yeah|yep|sure|ok|okay|confirm|confirmed|go ahead|do it|please do)\b/.test(text)) {
    return { ...base, intent: 'confirm' };
  }
  if (
    has(lemmas, 'create', 'make', 'add', 'save', 'set') &&
    has(lemmas, 'geofence', 'fence', 'zone')
  ) {
    return withTracker('create_geofence');
  }
  if (has(lemmas, 'draw', 'outline', 'polygon') || /\barea (around|near|of)\b/.test(text)) {
    return withTracker('draw_area');
  }
  if (has(lemmas, 'shipment', 'delivery', 'load', 'consignment')) {
    return {
      ...base,
      intent: has(lemmas, 'late', 'delay', 'delayed', 'behind', 'overdue')
        ? 'late_shipments'
        : 'shipments',
    };
  }
  const moveWords = has(lemmas, 'move', 'moving', 'budge', 'travel', 'drive', 'motion');
  if ((moveWords && negated) || has(lemmas, 'stationary', 'idle', 'still', 'parked', 'static')) {
    return { ...base, intent: 'not_moved' };
  }
  if (
    has(lemmas, 'overdue', 'missed', 'silent', 'offline') ||
    (has(lemmas, 'report', 'reporting', 'check', 'ping', 'update') &&
      (negated || has(lemmas, 'stop', 'late', 'miss')))
  ) {
    return { ...base, intent: 'overdue' };
  }
  if (has(lemmas, 'battery', 'batteries', 'charge', 'power'))
    return { ...base, intent: 'low_battery' };
  if (
    has(lemmas, 'dwell') ||
    (/\bhow long\b/.test(text) && (geofence || has(lemmas, 'geofence')))
  ) {
    return { ...base, intent: 'dwell' };
  }
  if (
    has(lemmas, 'outside', 'out', 'leave', 'left') ||
    (negated &&
      has(lemmas, 'inside', 'in', 'within') &&
      (geofence || has(lemmas, 'geofence', 'geofences')))
  ) {
    if (geofence || has(lemmas, 'geofence', 'geofences', 'fence', 'zone', 'site')) {
      return { ...base, intent: 'outside_geofence' };
    }
  }
  if (geofence && has(lemmas, 'in', 'inside', 'within', 'at'))
    return { ...base, intent: 'inside_geofence' };
  if (has(lemmas, 'inside', 'within') && has(lemmas, 'geofence', 'geofences', 'fence', 'zone')) {
    return { ...base, intent: 'inside_geofence' };
  }
  if (group) return { ...base, intent: 'in_group' };
  if (has(lemmas, 'alert', 'event', 'alarm', 'notification')) return { ...base, intent: 'events' };
  if (
    has(lemmas, 'history', 'route', 'trip', 'distance', 'travelled', 'traveled', 'driven', 'path')
  ) {
    return withTracker('history');
  }
  if (aboutMap || (has(lemmas, 'show', 'display') && tracker)) return withTracker('show_on_map');
  if (has(lemmas, 'where', 'locate', 'location', 'position', 'address'))
    return withTracker('where_is');
  if (wantsCsv) return { ...base, intent: 'export_csv' };
  if (has(lemmas, 'geofence', 'geofences', 'fence', 'zone'))
    return { ...base, intent: 'list_geofences' };
  if (
    has(lemmas, 'tracker', 'trackers', 'device', 'devices', 'asset', 'fleet', 'unit') &&
    has(lemmas, 'how', 'list', 'all', 'many', 'show', 'which', 'what')
  ) {
    return { ...base, intent: 'list_trackers' };
  }
  if (tracker) return withTracker('where_is');
  return { ...base, intent: 'unknown' };
}
