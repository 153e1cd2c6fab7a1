import type { FleetQuery, QueryFilter, QueryMeasure, QueryTime } from './fleet-query';
import { matchName, tokensOf, type Named, type NameMatch } from './query-names';
import { hasWord, normalise, sameWord, singular } from './query-words';

/**
 * The offline model's parser: a question (and the dialog's last query) into a FleetQuery, or
 * an honest outcome when it is none: a name that could be two things, an action Scout may not
 * take, a kind of question the intent reader answers (shipment lists, alerts, dwell,
 * geofences), or a question it cannot map at all.
 */

export interface QueryLexicon {
  trackers: (Named & { serial?: string })[];
  groups: Named[];
  geofences: Named[];
  models: string[];
}

export interface PreviousQuery {
  query: FleetQuery;
  /** The trackers its answer was about. */
  ids: number[];
}

export type Parsed =
  | { kind: 'query'; query: FleetQuery }
  | { kind: 'ambiguous'; options: string[] }
  | { kind: 'not_found'; what: 'tracker' | 'group'; words: string; near: string[] }
  | { kind: 'refuse'; action: string }
  | { kind: 'pass' }
  | { kind: 'unknown' };

const KMH = 1 / 3.6;
const MPH = 0.44704;
const KM_PER_MILE = 1.609344;
const DEFAULT_NEAR_MILES = 10;

/** Words naming a kind of tracker; generic ones mean the whole fleet. */
const GENERIC = ['tracker', 'device', 'unit', 'asset', 'vehicle', 'fleet', 'thing', 'gps'];
const KINDS: Record<string, string> = {
  truck: 'truck',
  lorry: 'truck',
  van: 'van',
  trailer: 'trailer',
  reefer: 'reefer',
  fridge: 'reefer',
  refrigerated: 'reefer',
  chiller: 'reefer',
  container: 'container',
  car: 'car',
  bike: 'bike',
  pallet: 'pallet',
  tag: 'tag',
};
const FORBIDDEN = [
  'delete',
  'remove',
  'erase',
  'wipe',
  'rename',
  'change',
  'modify',
  'edit',
  'disable',
  'deactivate',
  'unassign',
  'reset',
  'cancel',
  'suspend',
];
/** Words the parser reads; other words may be names. */
const STOP = new Set(
  `a an the is are was were be been being do does did have has had of in on at to for by from with
  and or me my our we us i you your it its this that these those them they their which what who
  whose how many much where when will would could should can any all every some each per please
  show list give tell find get see there here now right currently today yesterday week month day
  days hours hour minutes last past this than more less over under above below most least top
  not no yet just only also about near around close within inside outside into out left`.split(
    /\s+/,
  ),
);

const TIME_WORDS: [RegExp, QueryTime][] = [
  [/\btoday\b|\bso far\b/, { kind: 'relative', name: 'today' }],
  [/\byesterday\b|\blast night\b/, { kind: 'relative', name: 'yesterday' }],
  [/\b(last|previous|prior) week\b/, { kind: 'relative', name: 'last_week' }],
  [/\bthis week\b/, { kind: 'relative', name: 'this_week' }],
  [/\b(last|previous|prior) month\b/, { kind: 'relative', name: 'last_month' }],
  [/\bthis month\b/, { kind: 'relative', name: 'this_month' }],
  [/\b(past|last) (7 days|week)\b/, { kind: 'last_days', days: 7 }],
];

function timeOf(text: string): QueryTime | undefined {
  const range =
    /\b(?:from|between) (\d{4}-\d{2}-\d{2}) (?:to|and|until) (\d{4}-\d{2}-\d{2})\b/.exec(text);
  if (range) return { kind: 'range', from: range[1]!, to: range[2]! };
  const days = /\b(?:past|last|previous) (\d+) days?\b/.exec(text);
  if (days) return { kind: 'last_days', days: Math.min(366, Number(days[1])) };
  const past = /\bpast week\b/.test(text);
  if (past) return { kind: 'last_days', days: 7 };
  for (const [pattern, time] of TIME_WORDS) if (pattern.test(text)) return time;
  return undefined;
}

const HOURS: Record<string, number> = { minute: 1 / 60, hour: 1, day: 24, week: 168, month: 720 };

/** A duration in hours: "3 days", "a day", "48 hours", "since yesterday". */
function hoursOf(text: string): number | undefined {
  const m = /\b(\d+(?:\.\d+)?|an?|one) (minute|hour|day|week|month)s?\b/.exec(text);
  if (m) return (/\d/.test(m[1]!) ? Number(m[1]) : 1) * HOURS[m[2]!]!;
  if (/\bsince yesterday\b/.test(text)) return 24;
  return undefined;
}

type Cmp = 'above' | 'below';
const ABOVE =
  /\b(above|over|more than|greater than|higher than|exceed(?:s|ing)?|faster than|hotter than|warmer than|at least|upwards of)\b/;
const BELOW = /\b(below|under|less than|lower than|slower than|colder than|cooler than|at most)\b/;

/** "above 40 degf", "under 30 percent": the comparison, the number and the unit after it. */
function comparisons(text: string) {
  const found: { op: Cmp; value: number; unit: string }[] = [];
  const re = new RegExp(`(?:${ABOVE.source}|${BELOW.source}) (-?\\d+(?:\\.\\d+)?) ?(\\w+)?`, 'g');
  for (const m of text.matchAll(re)) {
    const op: Cmp = ABOVE.test(m[0]) && !BELOW.test(m[0].split(' ')[0]!) ? 'above' : 'below';
    const word = m[0].split(/ -?\d/)[0]!;
    found.push({ op: ABOVE.test(word) ? 'above' : op, value: Number(m[3]), unit: m[4] ?? '' });
  }
  return found;
}

/** The trackers of the dialog's last answer, asked about as 'them'. */
const PRONOUN = /\b(them|they|those|these|ones|of them|each of them|all of them|the same)\b/;

export function parseQuestion(
  question: string,
  lexicon: QueryLexicon,
  previous?: PreviousQuery,
): Parsed {
  const text = normalise(question);
  let tokens = text.split(' ').filter(Boolean);
  if (tokens.length === 0) return { kind: 'unknown' };
  const has = (...w: string[]) => hasWord(tokens, ...w);

  // An action Scout may not take: refused with why, before anything is looked up.
  const forbidden = tokens.find((t) => FORBIDDEN.some((f) => sameWord(t, f)));
  // "How do I reset my password?" asks how, not for Scout to do it.
  const howTo = /^how (do|can|should|would) (i|we)\b/.test(text);
  if (forbidden && !howTo && !/\b(changed|edited|removed|deleted)\b/.test(text)) {
    return { kind: 'refuse', action: FORBIDDEN.find((f) => sameWord(forbidden, f))! };
  }
  if (/\b(create|make|add|save)\b/.test(text) && has('geofence', 'fence', 'zone'))
    return { kind: 'pass' };
  if (/^(yes|yeah|yep|sure|ok|okay|confirm|confirmed|go ahead|do it|please do)\b/.test(text))
    return { kind: 'pass' };
  const eta = /\b(eta|arrive|arrives|arrival|get there|be there|delivered by)\b/.test(text);
  if (!eta && has('shipment', 'delivery', 'load', 'consignment', 'order')) return { kind: 'pass' };
  if (has('alert', 'alarm', 'notification', 'event', 'dwell')) return { kind: 'pass' };

  const units: FleetQuery['units'] =
    /\b(km|kmh|kilometers?|kilometres?|degc|celsius|metres?|meters?)\b/.test(text)
      ? 'metric'
      : 'imperial';
  const query: FleetQuery = {
    subject: {},
    filters: [],
    measure: 'list',
    time: { kind: 'now' },
    aggregate: { kind: 'list' },
    units,
  };
  const time = timeOf(text);
  if (time) query.time = time;

  // Names: geofences and groups first (a geofence "Dallas Hub" over a tracker's word).
  const partial = (w: string) =>
    !STOP.has(w) &&
    !(singular(w) in KINDS) &&
    !GENERIC.includes(singular(w)) &&
    !VOCAB.has(singular(w));
  // One word of a geofence's name counts only where a place is said ("around Dallas" for
  // Dallas Hub), not wherever a word of it appears ("Where is Bravo Van?", Around Bravo Van).
  const placeWord = (i: number) => {
    const before = tokens[i - 1] === 'the' ? tokens[i - 2] : tokens[i - 1];
    return !!before && /^(in|inside|at|around|near|outside|within|to|from|of|by)$/.test(before);
  };
  const geofence = matchName(
    tokens,
    lexicon.geofences,
    (w) => partial(w) && placeWord(tokens.indexOf(w)),
  );
  const group = matchName(tokens, lexicon.groups, (w) => partial(w) || singular(w) in KINDS);
  let used = new Set<number>();
  const take = (m: { start: number; end: number }) => {
    for (let i = m.start; i < m.end; i++) used.add(i);
  };
  let geofenceHit: Named | undefined;
  if (geofence.kind === 'one') {
    geofenceHit = geofence.hit.item;
    take(geofence.hit);
  }
  let groupHit: Named | undefined;
  if (group.kind === 'one' && !used.has(group.hit.start)) {
    groupHit = group.hit.item;
    take(group.hit);
  }
  const rest = tokens.map((t, i) => (used.has(i) ? '' : t));
  const trackerMatch = matchTracker(rest, lexicon, partial);
  if (trackerMatch.kind === 'ambiguous')
    return { kind: 'ambiguous', options: trackerMatch.items.map((i) => i.name) };
  if (trackerMatch.kind === 'one') {
    query.subject.trackers = [trackerMatch.hit.item.id];
    take(trackerMatch.hit);
  }
  used = new Set(used);
  tokens = tokens.map((t, i) => (used.has(i) ? '' : t));
  const free = tokens.filter(Boolean);
  const hasFree = (...w: string[]) => hasWord(free, ...w);

  // 'them', 'and Truck 07?', 'what about yesterday?': the dialog's last query carries over.
  const pronoun = PRONOUN.test(text) && previous;
  const followUp =
    previous &&
    /^(and|what about|how about|same for|now|then|also)\b/.test(text) &&
    free.length <= 6;
  if (pronoun && !query.subject.trackers) {
    query.subject = { trackers: previous.ids, previous: true };
  }

  // Filters.
  const now = /\b(now|right now|currently|at the moment|at present)\b/.test(text);
  const duration = hoursOf(text);
  const notMoved =
    /\bnot (been )?(moved|moving|move|budged|driven|travelled|traveled|left)\b/.test(text) ||
    /\b(stationary|parked|idle|sitting|static)\b/.test(text);
  const idleMeasure =
    /\b(idle|idling) (time|hours)\b|\bhow long\b.*\bidl/.test(text) ||
    (/\bidl(e|ing)\b/.test(text) && time);
  if (
    /\b(moving|in motion|on the road|en route|underway|driving now)\b/.test(text) &&
    !/\bnot moving\b/.test(text)
  ) {
    query.filters.push({ kind: 'motion', status: 'moving' });
  } else if (/\b(are|is)( currently| now)? driving\b/.test(text) && !time) {
    query.filters.push({ kind: 'motion', status: 'moving' });
  } else if (notMoved && !idleMeasure) {
    if (now && !duration && !/\bmoved\b/.test(text))
      query.filters.push({ kind: 'motion', status: 'stopped' });
    else query.filters.push({ kind: 'not_moved', hours: duration ?? 24 });
  } else if (/\bstopped\b/.test(text) && !/\bstopped (reporting|sending|updating)\b/.test(text)) {
    query.filters.push({ kind: 'motion', status: 'stopped' });
  }
  const reportWords =
    /\b(report|reported|reporting|ping|pinged|checked in|check in|updated|update|sent|sending|heard)\b/.test(
      text,
    );
  if (reportWords && /\bnot\b|\bstopped\b|\bmissed\b|\bno\b/.test(text) && duration) {
    query.filters.push({ kind: 'last_report', op: 'older', hours: duration });
  } else if (
    /\b(offline|overdue|silent|missed (their|its|an|the)? ?update|gone dark|dead)\b/.test(text) ||
    (reportWords && /\bnot\b|\bstopped\b|\bmissed\b/.test(text))
  ) {
    if (!has('shipment')) query.filters.push({ kind: 'overdue' });
  }

  let measure: QueryMeasure | undefined;
  const cmps = comparisons(text);
  const battery = hasFree('battery', 'batt', 'charge', 'charging', 'power');
  const temperature = hasFree(
    'temperature',
    'temp',
    'degree',
    'degf',
    'degc',
    'hot',
    'cold',
    'warm',
    'fahrenheit',
    'celsius',
  );
  const humidity = hasFree('humidity', 'humid');
  const speed = hasFree('speed', 'mph', 'kmh', 'fast', 'speeding');
  for (const c of cmps) {
    const u = c.unit;
    if (u === 'percent' && humidity)
      query.filters.push({ kind: 'humidity', op: c.op, percent: c.value });
    else if (u === 'percent' || (battery && !temperature && !u.startsWith('deg'))) {
      query.filters.push({ kind: 'battery', op: c.op, percent: c.value });
    } else if (
      u === 'degf' ||
      u === 'degc' ||
      u === 'degree' ||
      u === 'degrees' ||
      u === 'f' ||
      u === 'c' ||
      temperature
    ) {
      const metric =
        u === 'degc' || u === 'c' || (!u.startsWith('degf') && u !== 'f' && units === 'metric');
      query.filters.push({
        kind: 'temperature',
        op: c.op,
        celsius: metric ? c.value : ((c.value - 32) * 5) / 9,
      });
    } else if (u === 'mph' || u === 'kmh' || speed) {
      const kmh = u === 'kmh' || (u !== 'mph' && units === 'metric');
      query.filters.push({ kind: 'speed', op: c.op, mps: c.value * (kmh ? KMH : MPH) });
    }
  }
  if (battery && !query.filters.some((f) => f.kind === 'battery')) {
    if (
      /\b(low|weak|dying|running out|need charging|needs charging|flat|almost empty|drained)\b/.test(
        text,
      ) ||
      hasFree('low')
    ) {
      query.filters.push({ kind: 'battery', op: 'below', percent: 20 });
    } else measure = 'battery';
  }
  if (temperature && !query.filters.some((f) => f.kind === 'temperature')) measure = 'temperature';
  if (humidity && !query.filters.some((f) => f.kind === 'humidity')) measure = 'humidity';
  if (speed && !query.filters.some((f) => f.kind === 'speed')) {
    if (/\bspeeding\b/.test(text))
      query.filters.push({ kind: 'speed', op: 'above', mps: 65 * MPH });
    else measure = 'speed';
  }

  // Geofences and places.
  const outside = /\b(outside|out of|not in|not inside|left|beyond)\b/.test(text);
  if (
    geofenceHit &&
    !/\b(around|draw|outline)\b/.test(text) &&
    !/\bnear\b|\bclose to\b|\bwithin \d/.test(text)
  ) {
    query.filters.push({ kind: 'geofence', inside: !outside, geofence: geofenceHit.id });
  } else if (!geofenceHit && hasFree('geofence', 'fence', 'zone', 'site')) {
    if (outside) query.filters.push({ kind: 'geofence', inside: false });
    else if (/\b(in|inside|within|at)\b/.test(text))
      query.filters.push({ kind: 'geofence', inside: true });
  }
  const nearBy =
    /\b(?:near|nearby|close to|around|next to|within (\d+(?:\.\d+)?) ?(miles?|mi|km|kilometers?|kilometres?) (?:of|from))\b/.exec(
      text,
    );
  const draw = /\b(draw|outline|polygon|circle|area)\b/.test(text);
  if (nearBy && !draw) {
    const km = nearBy[1]
      ? Number(nearBy[1]) * (/^k/.test(nearBy[2]!) ? 1 : KM_PER_MILE)
      : DEFAULT_NEAR_MILES * (units === 'metric' ? 1 : KM_PER_MILE);
    const place = placeAfter(text.slice(nearBy.index + nearBy[0].length), geofenceHit, query);
    if (place) query.filters.push({ kind: 'near', place, km });
  }

  // What is measured.
  const driveWords =
    /\b(drive|drove|driven|driving|travel(l)?ed|travel|went|covered|mileage|miles|mi|km|kilometers?|kilometres?|distance|far)\b/.test(
      text,
    );
  if (
    /\b(driving|drive|engine) (time|hours)\b|\bhours? (of )?driving\b|\bhow long\b.*\b(drive|drove|driving|driven)\b/.test(
      text,
    )
  )
    measure = 'driving_time';
  else if (idleMeasure) measure = 'idle_time';
  else if (/\btrips?\b|\bjourneys?\b/.test(text)) measure = 'trips';
  else if (/\bstops\b|\bhow many times\b.*\bstop/.test(text) || /\bhow many stop\b/.test(text))
    measure = 'stops';
  else if (
    driveWords &&
    !query.filters.some((f) => f.kind === 'motion') &&
    !(nearBy && !time) &&
    !query.filters.some((f) => f.kind === 'not_moved')
  )
    measure = 'distance';
  else if (eta) measure = 'eta';
  if (!measure && /\b(where|location|locate|position|address|whereabouts|located)\b/.test(text))
    measure = 'position';
  if (measure) query.measure = measure;
  if (eta) {
    query.measure = 'eta';
    query.subject.shipment = text;
  }

  // How it is added up.
  const top = /\btop (\d+)\b|\b(\d+) (most|farthest|furthest|longest|busiest)\b/.exec(text);
  if (
    /\b(how many|number of|count|how much of)\b/.test(text) &&
    !['distance', 'driving_time', 'idle_time', 'trips', 'stops'].includes(query.measure)
  ) {
    query.aggregate = { kind: 'count' };
  } else if (
    /\bhow many\b/.test(text) &&
    (query.measure === 'trips' || query.measure === 'stops')
  ) {
    query.aggregate = { kind: 'sum' };
  }
  if (top) query.aggregate = { kind: 'top', n: Number(top[1] ?? top[2]) };
  else if (
    /\b(most|furthest|farthest|longest|highest|max|maximum|fastest|hottest|warmest|busiest|greatest|biggest)\b/.test(
      text,
    )
  ) {
    query.aggregate = {
      kind: 'top',
      n: /\bwhich (tracker|truck|vehicle|unit|device|asset|van|one|driver)\b|\bwho\b/.test(text)
        ? 1
        : 5,
    };
  } else if (/\b(least|fewest|lowest|min|minimum|shortest|slowest|coldest)\b/.test(text)) {
    query.aggregate = { kind: 'min', n: 1 };
  } else if (/\b(average|avg|mean|typical)\b/.test(text)) query.aggregate = { kind: 'avg' };
  else if (/\b(total|combined|altogether|in all|sum)\b/.test(text))
    query.aggregate = { kind: 'sum' };
  if (
    /\b(per day|each day|daily|by day|day by day|every day|a day)\b/.test(text) &&
    RANGE(query.measure)
  ) {
    query.aggregate = { ...query.aggregate, per_day: true };
  }
  if (RANGE(query.measure) && query.time.kind === 'now')
    query.time = { kind: 'relative', name: 'today' };

  // What to do with it.
  if (draw) {
    query.action = 'draw_area';
    // Around one tracker said: its position (the subject); else a geofence or a place.
    const place =
      query.subject.trackers?.length === 1
        ? undefined
        : placeAfter(text.replace(/^.*?\b(around|near|of|for)\b/, ''), geofenceHit, query);
    const km = /\b(\d+(?:\.\d+)?) ?(miles?|mi|km|kilometers?|m|meters?|metres?)\b/.exec(text);
    if (place) query.area = { ...place };
    if (km && query.area)
      query.area.km =
        Number(km[1]) * (/^mi/.test(km[2]!) ? KM_PER_MILE : /^k/.test(km[2]!) ? 1 : 0.001);
    query.filters = query.filters.filter((f) => f.kind !== 'geofence');
  } else if (/\b(csv|export|spreadsheet|excel|download)\b/.test(text)) query.action = 'export_csv';
  else if (/\b(map|zoom)\b/.test(text)) query.action = 'show_on_map';
  else if (/\bfilter\b|\bonly show\b|\bnarrow\b|\bshow only\b/.test(text))
    query.action = 'filter_list';
  else if (/\bopen\b|\bdetails\b/.test(text)) query.action = 'open';
  if (
    query.action === 'show_on_map' &&
    query.subject.trackers?.length === 1 &&
    query.measure === 'list'
  )
    query.measure = 'position';
  if (
    /\bshow\b|\bzoom\b|\bfind\b/.test(text) &&
    query.subject.trackers?.length === 1 &&
    !query.action &&
    query.measure === 'list'
  ) {
    query.measure = 'position';
  }

  // Which trackers, when no name said it: a group, a kind of tracker, or all.
  if (groupHit) query.subject.group = groupHit.id;
  const kindWord = free.map(singular).find((w) => w in KINDS);
  if (!query.subject.trackers && !groupHit && kindWord) {
    const kind = KINDS[kindWord]!;
    const groupOfKind = lexicon.groups.find((g) =>
      normalise(g.name)
        .split(' ')
        .some((w) => sameWord(w, kind) || sameWord(w, kindWord)),
    );
    const model = lexicon.models.find((m) =>
      normalise(m)
        .split(' ')
        .some((w) => sameWord(w, kind)),
    );
    if (groupOfKind) query.subject.group = groupOfKind.id;
    else if (model) query.subject.model = model;
    else if (lexicon.trackers.some((t) => tokensOf(t.name).some((w) => sameWord(w, kind))))
      query.subject.name_word = kind;
  }

  if (
    !groupHit &&
    query.subject.group === undefined &&
    /\bgroups? ([a-z0-9 ]+)$|\bin (?:the )?group\b/.test(text)
  ) {
    const words = free.filter((w) => partial(w) || /\d/.test(w));
    if (words.length > 0)
      return { kind: 'not_found', what: 'group', words: words.join(' '), near: [] };
  }
  const named = Boolean(
    query.subject.trackers ||
    query.subject.group !== undefined ||
    query.subject.model ||
    query.subject.name_word,
  );
  if (followUp && previous) {
    // 'and Truck 07?' asks the last question of another subject; 'what about yesterday?' of another time.
    const carried: FleetQuery = { ...previous.query };
    if (named) carried.subject = query.subject;
    if (time) carried.time = query.time;
    if (query.filters.length > 0) carried.filters = [...previous.query.filters, ...query.filters];
    return { kind: 'query', query: carried };
  }
  if (
    pronoun &&
    query.filters.length === 0 &&
    query.measure === 'list' &&
    !query.action &&
    query.aggregate.kind === 'list'
  ) {
    return { kind: 'query', query: { ...previous.query, subject: query.subject } };
  }

  if (trackerMatch.kind === 'near' && !named && query.filters.length === 0) {
    return {
      kind: 'not_found',
      what: 'tracker',
      words: free.filter((w) => partial(w) || /\d/.test(w)).join(' '),
      near: trackerMatch.items.map((i) => i.name),
    };
  }
  const claimed =
    query.measure !== 'list' ||
    query.filters.length > 0 ||
    query.action !== undefined ||
    query.aggregate.kind !== 'list' ||
    named ||
    geofenceHit;
  if (!claimed) {
    // Geofence lists and "which trackers do I have" are the intent reader's; others are unknown.
    if (has('geofence') || (hasFree(...GENERIC) && unknownWords(free).length === 0))
      return { kind: 'pass' };
    return { kind: 'unknown' };
  }
  // A bare listing claimed only by a word like "trucks" while other words went unread is not
  // what was asked ("tell me a joke about trucks"): say so instead of listing the fleet.
  if (
    query.measure === 'list' &&
    query.filters.length === 0 &&
    !query.action &&
    query.aggregate.kind === 'list' &&
    unknownWords(free).length > 0 &&
    !groupHit
  ) {
    return { kind: 'unknown' };
  }
  if (query.measure === 'position' && !query.subject.trackers && !query.filters.length && !named) {
    return { kind: 'pass' };
  }
  return { kind: 'query', query };
}

const RANGE = (m: QueryMeasure) =>
  ['distance', 'driving_time', 'idle_time', 'trips', 'stops'].includes(m);

function matchTracker(
  tokens: string[],
  lexicon: QueryLexicon,
  partial: (w: string) => boolean,
): NameMatch<Named> {
  const bySerial = lexicon.trackers.find(
    (t) => t.serial && tokens.includes(t.serial.toLowerCase()),
  );
  if (bySerial) {
    const i = tokens.indexOf(bySerial.serial!.toLowerCase());
    return { kind: 'one', hit: { item: bySerial, start: i, end: i + 1 } };
  }
  return matchName(tokens, lexicon.trackers, partial);
}

/** The place after "near" / "around": a geofence said, a tracker said, or the words themselves. */
function placeAfter(after: string, geofence: Named | undefined, query: FleetQuery) {
  if (geofence) return { geofence: geofence.id };
  if (query.subject.trackers?.length === 1) {
    const t = query.subject.trackers[0]!;
    delete query.subject.trackers;
    return { tracker: t };
  }
  const words = after
    .split(' ')
    .filter(Boolean)
    .filter((w) => !STOP.has(w) || w === 'new' || w === 'san' || w === 'los')
    .filter((w) => !/^\d/.test(w) && !['mile', 'miles', 'mi', 'km', 'radius', 'area'].includes(w));
  const place = words.slice(0, 3).join(' ');
  return place ? { text: place } : undefined;
}

/** Words the parser reads as part of a question (beyond STOP). */
const VOCAB = new Set(
  `move moving moved stop stopped park parked idle stationary report reporting reported battery
  charge temperature temp degree humidity speed fast distance mile km drive drove driven driving
  travel trip stop eta arrive location position address map zoom draw area polygon circle outline
  export csv download filter open detail low high count number total average mean max min group
  geofence fence zone place city tracker device unit asset vehicle fleet truck van reefer fridge
  container trailer late overdue offline online silent belong member currently moment located
  right still been go gone time long far run running out need needing weak dying degf degc
  percent mph kmh big large small`.split(/\s+/),
);

/** Words of the question neither the parser nor the account's names account for. */
function unknownWords(free: string[]) {
  return free.filter((w) => {
    const s = singular(w);
    return (
      w.length > 2 &&
      !STOP.has(w) &&
      !VOCAB.has(s) &&
      !(s in KINDS) &&
      !GENERIC.includes(s) &&
      !/^\d/.test(w)
    );
  });
}

export type { QueryFilter };
