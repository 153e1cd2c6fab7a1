import type { ShipmentStatus } from '@waymark/domain';
import type { FleetQuery, QueryFilter, QueryMeasure } from './fleet-query';
import { readTime } from './query-dates';
import { timeBefore } from './query-time';
import { kindOf, ofKind } from './query-kinds';
import type { Named, QueryLexicon } from './query-names';
import { readFilters } from './query-filters';
import { findNames, kindSaid } from './query-subject';
import { editDistance, hasWord, normalise, sameWord, singular } from './query-words';

/**
 * The offline model's parser: a question (and the dialog's last query) into a FleetQuery, or
 * an honest outcome when it is none: a name that could be two things, an action Scout may not
 * take, a kind of question the intent reader answers (alerts, dwell, geofence lists, creating
 * a geofence), or a question it cannot map at all. Words that change what is asked and that
 * it does not read (a measure it has no data for, a time it cannot place) make it say so
 * rather than answer another question.
 */

export type { QueryLexicon };

export interface PreviousQuery {
  query: FleetQuery;
  /** The trackers its answer was about. */
  ids: number[];
}

export interface ParseOptions {
  /** The account's local day today (YYYY-MM-DD), for dates without a year and weekdays. */
  today?: string;
  /** Trackers of a file sent with the question ("these", "this file", "my list"). */
  attached?: number[];
}

export type Parsed =
  | { kind: 'query'; query: FleetQuery }
  | { kind: 'ambiguous'; options: string[]; kindWord?: string; total?: number }
  | { kind: 'not_found'; what: 'tracker' | 'group'; words: string; near: string[] }
  | { kind: 'refuse'; action: string }
  | { kind: 'pass' }
  | { kind: 'unknown' };

const KM_PER_MILE = 1.609344;
/** "Near" without a distance: a town and its outskirts, 15 mi or 25 km. */
const DEFAULT_NEAR_KM = { imperial: 15 * KM_PER_MILE, metric: 25 };

/** Words naming the whole fleet. */
const GENERIC = [
  'tracker',
  'device',
  'unit',
  'asset',
  'vehicle',
  'fleet',
  'thing',
  'gps',
  'everything',
  'anything',
  'one',
  'item',
];
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
  'update',
  'move',
  'assign',
  'send',
  'turn',
  'shut',
  'lock',
  'unlock',
  'set',
  'configure',
  'enable',
  'schedule',
];
/** Measures Scout has no data for: asked, they are said to be unanswerable, never guessed. */
const UNSUPPORTED =
  /\b(fuel|diesel|gas|gasoline|petrol|mpg|consumption|emissions?|co2|carbon|tyres?|tires?|pressure|oil|rpm|engine|odometer|coolant|dtc|fault|maintenance|service|harsh|braking|brake|acceleration|crash|accident|collision|seatbelt|seat belt|door|weight|cargo|driver|drivers|drove it|who was driving|cost|price|prices|toll|tolls|weather|traffic|rain|snow|forecast|road works|invoice|bill|billing|salary|hos|eld|hours of service|camera|video|dashcam|idle cost|what time is it|what day is it|today s date)\b/;

/** Words the parser reads; other words may be names. */
const STOP = new Set(
  `a an the is are was were be been being do does did have has had of in on at to for by from with
  and or me my our we us i you your it its this that these those them they their which what who
  whose how many much where when will would could should can any all every some each per please
  show list give tell find get see there here now right currently today yesterday week month day
  days hours hour minutes last past this than more less over under above below most least top
  not no yet just only also about near around close within inside outside into out left up`.split(
    /\s+/,
  ),
);

/** The trackers of the dialog's last answer (or of the file sent), asked about as 'them'. */
const PRONOUN =
  /\b(them|they|those|these|ones|of them|each of them|all of them|the same|this file|the file|my list|the list i|this list|in the file|in my file|attached|attachment|it|its|that one|this one)\b/;

export function parseQuestion(
  question: string,
  lexicon: QueryLexicon,
  previous?: PreviousQuery,
  options: ParseOptions = {},
): Parsed {
  const text = normalise(question);
  const tokens0 = text.split(' ').filter(Boolean);
  if (tokens0.length === 0) return { kind: 'unknown' };
  const has = (...w: string[]) => hasWord(tokens0, ...w);

  // An action Scout may not take: refused with why, before anything is looked up.
  const forbidden = forbiddenAction(text, tokens0);
  if (forbidden) return { kind: 'refuse', action: forbidden };
  const createGeofence =
    /\b(create|make|add|save)\b/.test(text) && has('geofence', 'fence', 'zone');
  if (/^(yes|yeah|yep|sure|ok|okay|confirm|confirmed|go ahead|do it|please do)\b/.test(text))
    return { kind: 'pass' };
  if (UNSUPPORTED.test(text)) return { kind: 'unknown' };
  if (has('alert', 'alarm', 'notification', 'event', 'dwell')) return { kind: 'pass' };

  const units: FleetQuery['units'] =
    /\b(km|kmh|kilometers?|kilometres?|degc|celsius|metres?|meters?|metric)\b/.test(text) ||
    /\b\d+(\.\d+)? c\b/.test(text)
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

  // Names: trackers, geofences, groups (query-subject.ts keeps them apart).
  const partial = (w: string) =>
    !STOP.has(w) &&
    !kindOf(w, lexicon.trackers) &&
    !GENERIC.includes(singular(w)) &&
    !VOCAB.has(singular(w));
  const names = findNames(tokens0, lexicon, partial);
  const trackerMatch = names.tracker;
  if (trackerMatch.kind === 'ambiguous')
    return { kind: 'ambiguous', options: trackerMatch.items.map((i) => i.name) };
  if (trackerMatch.kind === 'one') query.subject.trackers = [trackerMatch.hit.item.id];
  // Creating a geofence around a tracker is the intent reader's (it asks to confirm); around a
  // place or a geofence it is drawn, to be saved from the map.
  const createAround =
    createGeofence && trackerMatch.kind !== 'one' && /\b(around|near|at|over)\b/.test(text);
  if (createGeofence && !createAround) return { kind: 'pass' };
  // "Truck 99" where no name is near it: a tracker it does not have, never every truck.
  if (trackerMatch.kind === 'none') {
    const missing = missingName(tokens0, lexicon);
    if (missing) return { kind: 'not_found', what: 'tracker', words: missing, near: [] };
  }
  const geofenceHit = names.geofence;
  const groupHit = names.group;
  const tokens = tokens0.map((t, i) => (names.used.has(i) ? '' : t));
  const free = tokens.filter(Boolean);
  const freeText = free.join(' ');
  const hasFree = (...w: string[]) => hasWord(free, ...w);

  const shipmentWords = hasFree(
    'shipment',
    'delivery',
    'deliveries',
    'load',
    'consignment',
    'order',
    'po',
  );
  const etaWords =
    /\b(eta|arrive|arrives|arrived|arrival|get there|be there|delivered|expected|due|land|reach)\b/.test(
      freeText,
    ) && /\b(when|what time|eta|expected|due|how long)\b/.test(freeText);
  const shipmentRef = /\b(po|order|shipment|load|delivery) ?(?:number |no |#)?\d+\b/.test(text);
  if (shipmentRef && (etaWords || /\b(status|where|when)\b/.test(freeText))) {
    query.measure = 'eta';
    query.subject.shipment = text;
    return { kind: 'query', query };
  }
  if (shipmentWords) return shipmentsQuery(freeText, query);

  const when = readTime(text, options.today ?? new Date().toISOString().slice(0, 10));
  if (when.unread) return { kind: 'unknown' };
  let time = when.time;
  // "and the day before?": the last question's days, moved back.
  const before =
    /\b(?:the )?(day|week|month) before\b|\b(?:previous|prior) (day|week|month)\b/.exec(text);
  if (!time && before && previous) {
    const unit = (before[1] ?? before[2]) as 'day' | 'week' | 'month';
    time = timeBefore(
      previous.query.time,
      unit,
      options.today ?? new Date().toISOString().slice(0, 10),
    );
    if (!time) return { kind: 'unknown' };
  }
  if (time) query.time = time;

  // 'them', 'and Truck 07?', 'what about yesterday?': the dialog's last query carries over.
  const attached = options.attached;
  const pronoun = PRONOUN.test(text) && (previous || attached);
  const followUp =
    previous &&
    !attached &&
    // "the week before?" alone is the last question moved back, as "and the week before?" is.
    (/^(and|what about|how about|same for|now|then|also|ok and|and for)\b/.test(text) ||
      (!!before &&
        /^(?:for |in )?(?:the )?(?:(?:day|week|month) before|(?:previous|prior) (?:day|week|month))\b/.test(
          text,
        ))) &&
    free.length <= 7;
  if (attached && !query.subject.trackers) query.subject = { trackers: attached, previous: true };
  else if (pronoun && !query.subject.trackers && previous) {
    if (/\b(it|its|that one|this one)\b/.test(text) && previous.ids.length !== 1) {
      // 'it' after an answer about several trackers: which one is not known.
      if (previous.ids.length > 1) return { kind: 'unknown' };
    }
    query.subject = { trackers: previous.ids, previous: true };
  }

  const read = readFilters(text, freeText, free, { time, units });
  query.filters.push(...read.filters);
  let measure: QueryMeasure | undefined = read.measure;
  // Idling now (engine on, standing) is no status the trackers list has: answering with every
  // tracker of the kind, as it did, was a confident wrong count.
  const nowOnly = !time || time.kind === 'now';
  if (/\bidling\b/.test(freeText) && nowOnly && !measure && read.filters.length === 0)
    return { kind: 'unknown' };

  // Geofences and places.
  const outside = /\b(outside|out of|not in|not inside|not at|beyond)\b/.test(text);
  const nearBy =
    /\b(?:near|nearby|close to|around|next to|in the area of|within (\d+(?:\.\d+)?) ?(miles?|mi|km|kilometers?|kilometres?) (?:of|from))\b/.exec(
      text,
    );
  const draw =
    createAround ||
    /\b(draw|outline|polygon|circle|area|geofence around|fence around)\b/.test(text);
  const geofenceWords = hasFree('geofence', 'fence', 'zone', 'site', 'depot', 'yard', 'hub');
  const oneTracker = query.subject.trackers?.length === 1 && !query.subject.previous;
  // "Zoom to Dallas Hub" shows the geofence; "trucks in Dallas Hub on the map" the trucks.
  const mapOfGeofence =
    /\b(map|zoom)\b/.test(text) && !/\b(in|inside|at|within|near)\b/.test(freeText);
  // "Which truck is closest to Dallas Hub?", "how far is Van 14 from Denver?": how far each
  // last position is from a geofence, a tracker or a place (nearest first when ranked).
  const nearestAt = /\b(closest|nearest)\b/.exec(text);
  const fromAt = nearestAt
    ? /\b(to|from)\b/.exec(text.slice(nearestAt.index))
    : !time && /\bhow far (away )?(is|are)\b/.test(text)
      ? /\bfrom\b/.exec(text)
      : null;
  const distanceFrom = !!fromAt || !!nearestAt;
  if (
    geofenceHit &&
    !draw &&
    !mapOfGeofence &&
    !distanceFrom &&
    !/\bnear\b|\bclose to\b|\bwithin \d/.test(text)
  ) {
    query.filters.push({ kind: 'geofence', inside: !outside, geofence: geofenceHit.id });
  } else if (!geofenceHit && geofenceWords && !draw) {
    if (oneTracker && /\b(which|what|is|in|inside|at)\b/.test(freeText)) measure = 'geofence';
    else if (outside || /\b(no|not in any|none of the)\b/.test(freeText))
      query.filters.push({ kind: 'geofence', inside: false });
    else if (/\b(in|inside|within|at)\b/.test(text))
      query.filters.push({ kind: 'geofence', inside: true });
  }
  if (nearBy && !draw) {
    const km = nearBy[1]
      ? Number(nearBy[1]) * (/^k/.test(nearBy[2]!) ? 1 : KM_PER_MILE)
      : DEFAULT_NEAR_KM[units];
    // "Near Chicago" is the city, even where a geofence's name starts with its word.
    const place = placeAfter(
      text.slice(nearBy.index + nearBy[0].length),
      names.geofenceByWord ? undefined : geofenceHit,
      query,
    );
    if (place) query.filters.push({ kind: 'near', place, km });
  }
  if (distanceFrom) {
    // Nearest to nothing said ("which truck is closest?"): not a question it can place.
    if (!fromAt) return { kind: 'unknown' };
    const after = text.slice((nearestAt?.index ?? 0) + fromAt.index + fromAt[0].length);
    // "How far is Truck 43 from …": Truck 43 is measured; "closest to Truck 43": it is the place.
    const place = placeAfter(
      after,
      names.geofenceByWord ? undefined : geofenceHit,
      query,
      !!nearestAt,
    );
    if (!place) return { kind: 'unknown' };
    query.area = place;
    measure = 'distance_from';
  }
  if (measure === 'distance' && nearBy && !time && query.filters.some((f) => f.kind === 'near'))
    measure = undefined;
  if (
    measure === 'distance' &&
    query.filters.some((f) => f.kind === 'motion' || f.kind === 'not_moved') &&
    !time
  )
    measure = undefined;
  if (
    !measure &&
    (/\b(where|locate|located|coordinates)\b/.test(freeText) ||
      hasFree('location', 'position', 'address', 'whereabouts'))
  )
    measure = 'position';
  if (measure) query.measure = measure;

  // "Which group is Truck 43 in?": a tracker's groups are not a measure it reads.
  if (oneTracker && !groupHit && hasFree('group')) return { kind: 'unknown' };

  // "drove more than 500 miles", "idled over 2 hours": the measure itself against a number.
  if (RANGE(query.measure)) {
    const bound = measureBound(freeText, query.measure);
    if (bound) query.filters.push(bound);
    // A bound it could not read in the measure's unit would be dropped: say so instead.
    else if (
      /\b(more than|over|above|at least|less than|under|below|fewer than|at most) \d/.test(freeText)
    )
      return { kind: 'unknown' };
  }

  // Comings and goings ("went to Dallas Hub", "left the yard", "entered", "visited") and states
  // at a past time ("were moving yesterday") are history this query does not read: what is
  // current is not their answer.
  const current = query.filters.some((f) =>
    ['motion', 'geofence', 'near', 'battery', 'temperature', 'humidity', 'speed'].includes(f.kind),
  );
  const visits =
    /\b(went|gone to|go to|visit|visits|visited|enter|enters|entered|entering|left|leave|leaves|leaving|exit|exits|exited|arrive|arrived|arrives|came|come|pass|passed|been to|times)\b/.test(
      freeText,
    );
  const past = !!time && !(time.kind === 'relative' && time.name === 'today');
  if (
    current &&
    (visits || (past && (query.measure === 'list' || /\b(was|were)\b/.test(freeText))))
  )
    return { kind: 'unknown' };

  // One tracker asked whether it moves: its status, which says moving, stopped or offline.
  const motionOnly = query.filters.length > 0 && query.filters.every((f) => f.kind === 'motion');
  if (oneTracker && query.measure === 'list' && (motionOnly || read.statusAsked))
    query.measure = 'status';
  if (query.measure === 'status' || query.measure === 'last_report')
    query.filters = query.filters.filter((f) => f.kind !== 'motion');

  // A ranking by nothing read ("who idled the most" without a measure) is not a question.
  if (!aggregateOf(text, freeText, free, query, lexicon)) return { kind: 'unknown' };
  if (nearestAt) query.aggregate = { kind: 'min', n: nearestCount(freeText, free, lexicon) };
  if (RANGE(query.measure) && query.time.kind === 'now')
    query.time = { kind: 'relative', name: 'today' };
  // A time said for a measure that has none (battery yesterday): not what it can answer.
  if (
    time &&
    !RANGE(query.measure) &&
    query.measure !== 'list' &&
    !(time.kind === 'relative' && time.name === 'today')
  )
    return { kind: 'unknown' };

  // What to do with it.
  if (draw) {
    query.action = 'draw_area';
    // Around one tracker said: its position (the subject); else a geofence or a place.
    const place =
      query.subject.trackers?.length === 1
        ? undefined
        : placeAfter(text.replace(/^.*?\b(around|near|of|for|at)\b/, ''), geofenceHit, query);
    const km = /\b(\d+(?:\.\d+)?) ?(miles?|mi|km|kilometers?|m|meters?|metres?)\b/.exec(freeText);
    if (place) query.area = { ...place };
    // "a 2 mile circle around Van 20": the tracker's position, at that distance.
    else if (km && query.subject.trackers?.length === 1)
      query.area = { tracker: query.subject.trackers[0]! };
    if (km && query.area)
      query.area.km = Math.min(
        50,
        Number(km[1]) * (/^mi/.test(km[2]!) ? KM_PER_MILE : /^k/.test(km[2]!) ? 1 : 0.001),
      );
    query.filters = query.filters.filter((f) => f.kind !== 'geofence' && f.kind !== 'near');
    if (!query.area && !query.subject.trackers) return { kind: 'unknown' };
  } else if (/\b(csv|export|spreadsheet|excel|download)\b/.test(text)) query.action = 'export_csv';
  else if (/\b(map|zoom)\b/.test(text)) query.action = 'show_on_map';
  else if (/\bfilter\b|\bonly show\b|\bnarrow\b|\bshow only\b|\bjust show\b/.test(text))
    query.action = 'filter_list';
  else if (/\bopen\b|\bdetails?\b|\bpull up\b|\bbring up\b|\bgo to\b|\bpage\b/.test(text))
    query.action = 'open';
  const single = query.subject.trackers?.length === 1;
  if (
    (query.action === 'show_on_map' || query.action === 'open') &&
    query.measure === 'list' &&
    (single || query.action === 'show_on_map')
  )
    query.measure = query.action === 'open' && !single ? 'list' : 'position';
  // One tracker named and nothing asked of it ("show truck 43", "truck 43?"): where it is.
  if (
    oneTracker &&
    !followUp &&
    !query.action &&
    query.measure === 'list' &&
    query.filters.length === 0 &&
    query.aggregate.kind === 'list'
  ) {
    query.measure = 'position';
  }

  // Which trackers, when no name said it: a group, a kind of tracker, or all.
  if (groupHit) query.subject.group = groupHit.id;
  const kind =
    query.subject.trackers && !query.subject.previous ? undefined : kindSaid(free, lexicon);
  // "city delivery vans": the group's vans.
  if (kind && groupHit && ofKind(lexicon.trackers, kind.kind).length > 0)
    query.subject.name_word = kind.kind;
  if (kind && !groupHit && !(query.subject.previous && query.action === 'export_csv')) {
    const named = ofKind(lexicon.trackers, kind.kind);
    // "Where is the reefer?" of a fleet with ten: which one is not known; ask back.
    const ranked = query.aggregate.kind !== 'list' && query.aggregate.kind !== 'count';
    if (kind.afterThe && !kind.plural && named.length > 1 && !ranked && !query.subject.previous)
      return {
        kind: 'ambiguous',
        options: named.slice(0, 10).map((t) => t.name),
        kindWord: kind.kind,
        total: named.length,
      };
    if (named.length > 0) query.subject.name_word = kind.kind;
    else {
      const groupOfKind = lexicon.groups.find((g) =>
        normalise(g.name)
          .split(' ')
          .some((w) => sameWord(w, kind.kind)),
      );
      const model = lexicon.models.find((m) =>
        normalise(m)
          .split(' ')
          .some((w) => sameWord(w, kind.kind)),
      );
      if (groupOfKind) query.subject.group = groupOfKind.id;
      else if (model) query.subject.model = model;
      else return { kind: 'not_found', what: 'tracker', words: kind.typed, near: [] };
    }
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
    (query.subject.trackers && !query.subject.previous) ||
    query.subject.group !== undefined ||
    query.subject.model ||
    query.subject.name_word,
  );
  if (followUp && previous) return followUpOf(previous, query, named, time !== undefined);
  // "export to csv", "show on the map" after a list: that list, not the whole fleet.
  if (
    previous &&
    !named &&
    !query.subject.previous &&
    query.filters.length === 0 &&
    (query.action === 'export_csv' ||
      query.action === 'filter_list' ||
      query.action === 'show_on_map') &&
    !query.area &&
    free.every((w) =>
      /^(export|csv|to|as|a|an|file|download|please|the|list|filter|show|on|map|spreadsheet|excel|that|this|me|can|you|and|now|then|ok)$/.test(
        w,
      ),
    )
  )
    return {
      kind: 'query',
      query: { ...query, subject: { trackers: previous.ids, previous: true } },
    };
  // "How many are there?" after a list: the count of that list.
  if (
    previous &&
    !named &&
    !attached &&
    query.aggregate.kind === 'count' &&
    query.filters.length === 0 &&
    query.measure === 'list' &&
    free.every((w) => /^(how|many|are|is|there|that|those|in|total|all|altogether|of|it)$/.test(w))
  )
    return {
      kind: 'query',
      query: { ...query, subject: { trackers: previous.ids, previous: true } },
    };
  if (
    pronoun &&
    previous &&
    !attached &&
    query.filters.length === 0 &&
    query.measure === 'list' &&
    !query.action &&
    query.aggregate.kind === 'list'
  ) {
    return { kind: 'query', query: { ...previous.query, subject: query.subject } };
  }
  if (trackerMatch.kind === 'near' && !query.subject.trackers) {
    return {
      kind: 'not_found',
      what: 'tracker',
      // The name as typed ("truck 99"), not only its words that are no fleet word ("99").
      words: tokens0.slice(trackerMatch.start, trackerMatch.end).join(' '),
      near: trackerMatch.items.map((i) => i.name),
    };
  }
  // "Show Chicago on the map", "zoom to Dallas Hub": a place, not trackers.
  if (
    query.action === 'show_on_map' &&
    !named &&
    !query.subject.previous &&
    query.filters.length === 0 &&
    (query.measure === 'list' || query.measure === 'position')
  ) {
    const geofence = names.geofenceByWord ? undefined : geofenceHit;
    const words = free.filter(
      (w) => !STOP.has(w) && !VOCAB.has(singular(w)) && !GENERIC.includes(singular(w)),
    );
    if (geofence) query.area = { geofence: geofence.id };
    else if (words.length > 0 && words.length <= 3) query.area = { text: words.join(' ') };
    if (query.area) {
      query.measure = 'list';
      return unknownWords(free, lexicon).every((w) => words.includes(w))
        ? { kind: 'query', query }
        : { kind: 'unknown' };
    }
  }
  const claimed =
    query.measure !== 'list' ||
    query.filters.length > 0 ||
    query.action !== undefined ||
    query.aggregate.kind !== 'list' ||
    named ||
    geofenceHit ||
    attached;
  if (!claimed) {
    // Geofence lists and "which trackers do I have" are the intent reader's; others are unknown.
    if (has('geofence') || (hasFree(...GENERIC) && unknownWords(free, lexicon).length === 0))
      return { kind: 'pass' };
    return { kind: 'unknown' };
  }
  // Words it did not read that may change what is asked ("tell me a joke about trucks",
  // "which trucks are refrigerated overnight"): say so instead of answering another question.
  const placeWords = new Set(
    [...query.filters.flatMap((f) => (f.kind === 'near' ? [f.place] : [])), query.area].flatMap(
      (p) => (p?.text ? p.text.split(' ') : []),
    ),
  );
  if (unknownWords(free, lexicon).some((w) => !placeWords.has(w))) return { kind: 'unknown' };
  if (query.measure === 'position' && !query.subject.trackers && !query.filters.length && !named) {
    return { kind: 'unknown' };
  }
  return { kind: 'query', query };
}

const RANGE = (m: QueryMeasure) =>
  ['distance', 'driving_time', 'idle_time', 'trips', 'stops', 'top_speed'].includes(m);

/** A bound on a measure over days, in its API unit (km, seconds, a count, m/s). */
function measureBound(freeText: string, measure: QueryMeasure): QueryFilter | undefined {
  const m =
    /\b(more than|over|above|at least|less than|under|below|fewer than|at most) (\d+(?:\.\d+)?) ?(miles?|mi|km|kms|kilometers?|kilometres?|hours?|hrs?|h|minutes?|mins?|trips?|stops?|mph|kmh)?\b/.exec(
      freeText,
    );
  if (!m) return undefined;
  const op = /more|over|above|least/.test(m[1]!) ? 'above' : 'below';
  const n = Number(m[2]);
  const unit = m[3] ?? '';
  const timed = measure === 'driving_time' || measure === 'idle_time';
  let value: number | undefined;
  if (measure === 'distance' && /^(mi|mile)/.test(unit)) value = n * KM_PER_MILE;
  else if (measure === 'distance' && /^k/.test(unit)) value = n;
  else if (timed && /^h/.test(unit)) value = n * 3600;
  else if (timed && /^min/.test(unit)) value = n * 60;
  else if ((measure === 'trips' || measure === 'stops') && (!unit || /^(trip|stop)/.test(unit)))
    value = n;
  else if (measure === 'top_speed' && unit === 'mph') value = n * 0.44704;
  else if (measure === 'top_speed' && unit === 'kmh') value = n / 3.6;
  return value === undefined ? undefined : { kind: 'measure', op, value };
}

function forbiddenAction(text: string, tokens: string[]): string | undefined {
  // "How do I reset my password?" asks how; "which trackers moved" asks about the fleet.
  if (/^how (do|can|should|would) (i|we)\b/.test(text)) return undefined;
  const verb = tokens.findIndex((t, i) =>
    FORBIDDEN.some(
      (f) =>
        (t === f || (f.length > 4 && sameWord(t, f))) &&
        // An order starts the sentence or follows please/can you: "move truck 7", not "trucks that move".
        ([
          'delete',
          'remove',
          'erase',
          'wipe',
          'rename',
          'unassign',
          'deactivate',
          'configure',
        ].includes(f) ||
          i === 0 ||
          /^(please|pls|can|could|you|now|then|and)$/.test(tokens[i - 1] ?? '')),
    ),
  );
  if (verb < 0) return undefined;
  return FORBIDDEN.find((f) => tokens[verb] === f || sameWord(tokens[verb]!, f));
}

/** Shipment lists by status: "in progress", "delivered", "running late", "were late". */
function shipmentsQuery(freeText: string, query: FleetQuery): Parsed {
  const statuses: ShipmentStatus[] = [];
  const late = /\b(late|overdue|delayed|behind|behind schedule|not on time)\b/.test(freeText);
  const past = /\b(were|was|arrived|delivered|came|completed|finished|ended)\b/.test(freeText);
  if (late) statuses.push('running-late', ...(past ? (['completed-late'] as const) : []));
  else if (
    /\b(in progress|in transit|on the way|on their way|underway|en route|ongoing|active|running|open|current)\b/.test(
      freeText,
    )
  )
    statuses.push('in-progress', 'running-late');
  else if (/\b(delivered|completed|finished|done|arrived|closed)\b/.test(freeText))
    statuses.push('completed', 'completed-late');
  else if (
    /\b(not started|scheduled|upcoming|pending|planned|future|yet to start)\b/.test(freeText)
  )
    statuses.push('not-started');
  else if (!/\b(all|list|show|which|what|how many|any|my)\b/.test(freeText))
    return { kind: 'unknown' };
  if (/\bon time\b/.test(freeText)) return { kind: 'unknown' };
  query.measure = 'shipments';
  if (statuses.length > 0) query.shipment_statuses = statuses;
  if (/\b(how many|number of|count)\b/.test(freeText)) query.aggregate = { kind: 'count' };
  return { kind: 'query', query };
}

/** How it is added up: count, sum, average, top N or the N lowest. */
function aggregateOf(
  text: string,
  freeText: string,
  free: string[],
  query: FleetQuery,
  lexicon: QueryLexicon,
): boolean {
  const ranged = RANGE(query.measure);
  if (/\b(how many|number of|count|how much of|total number)\b/.test(text) && !ranged) {
    query.aggregate = { kind: 'count' };
  } else if (
    /\bhow many\b/.test(text) &&
    (query.measure === 'trips' || query.measure === 'stops')
  ) {
    query.aggregate = { kind: 'sum' };
  }
  const said =
    /\b(?:top|bottom|first|which|what|the|list|show|give me) (\d+)\b|\b(\d+) (?:most|least|farthest|furthest|longest|busiest|highest|lowest|best|worst|trackers|vehicles|units|devices|assets|trucks|vans|trailers|reefers|containers|pickups)\b/.exec(
      freeText,
    );
  const n = said ? Math.min(100, Number(said[1] ?? said[2])) : undefined;
  // A singular subject ("which van", "most driven vehicle", "who") asks for one.
  const noun = free.find((w) => GENERIC.includes(singular(w)) || kindOf(w, lexicon.trackers));
  const one = /\bwho\b|\bwhich one\b/.test(freeText) || (!!noun && singular(noun) === noun);
  const ranking = freeText.replace(/\b(top|max|maximum|highest|fastest) speed\b/, 'speed');
  const most =
    /\b(most|furthest|farthest|longest|highest|max|maximum|fastest|hottest|warmest|busiest|greatest|biggest|top|best)\b/.test(
      ranking,
    ) && !(query.subject.trackers?.length === 1 && !query.subject.previous);
  const least =
    /\b(least|fewest|lowest|min|minimum|shortest|slowest|coldest|weakest|bottom)\b/.test(
      freeText,
    ) && !(query.subject.trackers?.length === 1 && !query.subject.previous);
  if (least) query.aggregate = { kind: 'min', n: n ?? (one ? 1 : 5) };
  else if (most || (n && /\btop\b/.test(ranking)))
    query.aggregate = { kind: 'top', n: n ?? (one ? 1 : 5) };
  else if (/\b(average|avg|mean|typical)\b/.test(freeText)) query.aggregate = { kind: 'avg' };
  else if (/\b(total|combined|altogether|in all|sum|overall)\b/.test(freeText))
    query.aggregate = { kind: 'sum' };
  if (query.aggregate.kind === 'top' || query.aggregate.kind === 'min') {
    // Ranked by what? Distance when driving was said; a ranking by nothing is not a question.
    if (query.measure === 'list') {
      if (/\b(battery|charge)\b/.test(freeText)) query.measure = 'battery';
      else return false;
    }
  }
  if (/\b(per day|each day|daily|by day|day by day|every day|a day)\b/.test(text) && ranged)
    query.aggregate = { ...query.aggregate, per_day: true };
  return true;
}

/** Units and counted things a number before them measures ("truck 50 miles" is no name). */
const AFTER_NUMBER =
  /^(mi|mile|miles|km|kms|kilometers?|kilometres?|m|meters?|metres?|mph|kmh|percent|degf|degc|degrees?|f|c|hours?|hrs?|h|minutes?|mins?|days?|weeks?|months?|trips?|stops?|am|pm)$/;

/** A kind word and a number no tracker's name holds ("truck 99"), as typed; else undefined. */
function missingName(tokens: string[], lexicon: QueryLexicon) {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const [word, number, next] = [tokens[i]!, tokens[i + 1]!, tokens[i + 2]];
    if (!/^\d{1,6}$/.test(number) || singular(word) !== word) continue;
    if (!kindOf(word, lexicon.trackers) || (next && AFTER_NUMBER.test(next))) continue;
    return `${word} ${number}`;
  }
  return undefined;
}

/** How many nearest: "the 3 closest", "closest five", else one for "which truck", five for "trucks". */
function nearestCount(freeText: string, free: string[], lexicon: QueryLexicon) {
  const said = /\b(\d+) (?:closest|nearest)\b|\b(?:closest|nearest) (\d+)\b/.exec(freeText);
  if (said) return Math.min(100, Number(said[1] ?? said[2]));
  const noun = free.find((w) => GENERIC.includes(singular(w)) || kindOf(w, lexicon.trackers));
  return noun && singular(noun) !== noun ? 5 : 1;
}

function followUpOf(
  previous: PreviousQuery,
  query: FleetQuery,
  named: boolean,
  timed: boolean,
): Parsed {
  // 'and Truck 07?' asks the last question of another subject; 'what about yesterday?' of another time.
  const carried: FleetQuery = { ...previous.query };
  if (named || query.subject.previous) carried.subject = query.subject;
  if (timed) carried.time = query.time;
  if (query.filters.length > 0) carried.filters = [...previous.query.filters, ...query.filters];
  if (query.measure !== 'list') carried.measure = query.measure;
  if (query.action) carried.action = query.action;
  if (!named && !timed && query.filters.length === 0 && query.measure === 'list' && !query.action)
    return { kind: 'unknown' };
  return { kind: 'query', query: carried };
}

/** The place after "near" / "around": a geofence said, a tracker said, or the words themselves. */
function placeAfter(
  after: string,
  geofence: Named | undefined,
  query: FleetQuery,
  trackerIsPlace = true,
) {
  if (geofence) return { geofence: geofence.id };
  if (trackerIsPlace && query.subject.trackers?.length === 1) {
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
  `move moving moved stop stopped park parked idle idling stationary report reporting reported
  battery charge temperature temp degree humidity speed fast distance mile km drive drove driven
  driving travel travelled traveled trip stop eta arrive location position address map zoom draw
  area polygon circle outline export csv download filter open detail low high count number total
  average mean max min group geofence fence zone place city tracker device unit asset vehicle fleet
  truck van reefer fridge container trailer late overdue offline online silent belong member
  currently moment located right still been go gone time long far run running out need needing
  weak dying degf degc percent mph kmh big large small status state doing going went cover covered
  ground mileage kilometer kilometre meter metre often stat info most least lowest highest top
  five ten combined altogether sum overall road rn atm never ever sent send ping pinged heard
  seen update updated contact signal coordinate whereabout lat lng latitude longitude last
  first which ones one list pull bring page zoom display visible put hot cold warm warmer colder
  cooler hotter fahrenheit celsius humid humidity dry percent percentage level remaining left
  journey drives many much how show give tell find see check look need want can could would
  please thanks thank hey hi hello also just only same other another else anyone something
  currently presently moment now parked sitting static budged rest motion underway route enroute
  fastest slowest furthest farthest longest shortest busiest quietest day days week weeks month
  hours hour minutes minute since ago earliest latest recent recently lately again done spend
  spent hasnt havent didnt dont doesnt isnt arent wasnt werent yes no mi miles kms kilometers
  kilometres metric imperial unit units gps everything anything thing item things items file
  attached attachment photo spreadsheet sheet kinds kind type types model models all total
  shown appear appears being got getting has have had make made take took do did does done
  between from until till through thru since before after during within outside inside near
  nearby close next around beyond edge centre center radius polygon shape fence boundary depot
  hub yard site dock warehouse lot facility base terminal office store branch city town place
  area region state county street road highway interstate currently exceed exceeding exceeded
  fewest greatest biggest maximum minimum mean median typical avg sum count tally number
  bottom weakest
  speeding speeder speeders overspeed shipment delivery deliveries delivered deliver order orders load loads consignment po faster slower higher lower greater
  fewer bigger smaller hotter warmer colder cooler make made take took log logged record
  recorded sit sat wait waiting head heading leave enter entered exit exited visit visited
  arrived reach reached happen happened clock clocked rack racked put like know want wanna say
  view current live latest real realtime exactly approximately approx roughly whole entire
  already ever both either different mine own having currently presently breach breached
  threshold limit reading readings sensor sensors value values level levels measure measured
  amount hrs hr mins min sec secs kilometer mileage odometer total info information detail
  details currently yet anything anyone everything something somewhere anywhere kind sort
  type right okay ok sure now then so well really actually maybe perhaps roughly exact
  precisely moment minute minutes second seconds noon midnight morning evening afternoon
  closest nearest closer nearer away add create save previous prior`.split(/\s+/),
);

const VOCAB_LIST = [...VOCAB, ...STOP];

/** Words of the question neither the parser nor the account's names account for. */
function unknownWords(free: string[], lexicon: QueryLexicon) {
  return free.filter((w) => {
    const s = singular(w);
    return (
      w.length > 2 &&
      !kindOf(w, lexicon.trackers) &&
      !STOP.has(w) &&
      !VOCAB.has(s) &&
      !VOCAB.has(w) &&
      // Typed as people type: "batery", "hav", "meny".
      !VOCAB_LIST.some((v) => v.length >= 4 && (sameWord(w, v) || editDistance(w, v, 1) <= 1)) &&
      !GENERIC.includes(s) &&
      !/^\d/.test(w) &&
      !MONTH_OR_DAY.test(w)
    );
  });
}
const MONTH_OR_DAY =
  /^(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*$|^(mon|tues|wednes|thurs|fri|satur|sun)day$|^(st|nd|rd|th|ago|morning|afternoon|night)$/;

export type { QueryFilter };
