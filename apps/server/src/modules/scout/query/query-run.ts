import { distanceMetres, motionStatus, type DeviceListItem, type Geofence } from '@waymark/domain';
import { listShipments } from '../../shipments/shipments.service';
import {
  accountZoneOf,
  startedByTracker,
  summaryTotalsByTracker,
  type SummaryMeasure,
} from '../../trips/trips.service';
import { notMovedFor, overdue, type ScoutFleet } from '../scout-fleet';
import { circlePolygon } from '../scout-geometry';
import { findNamed, findTracker, LISTED_MAX } from '../scout-tool';
import { RANGE_MEASURES, type FleetQuery, type QueryFilter, type QueryPlace } from './fleet-query';
import { matchName, tokensOf } from './query-names';
import { daysOf, type DayRange } from './query-time';
import { normalise, sameWord } from './query-words';

/**
 * Runs a FleetQuery for the asking user: the trackers list, geofences and groups through
 * ScoutFleet (the user's actor), distances and times from the daily summaries (one grouped
 * read of the whole range, summaryTotalsByTracker), shipments through their service. Everything is read
 * once per question; filters run over the list in memory, never a query per tracker.
 */

export interface Place {
  label: string;
  lat: number;
  lng: number;
  /** A geofence's own shape, when the place is one. */
  geofence?: Geofence;
}

export interface QueryRow {
  id: number;
  name: string;
  /** The measure of this tracker (km, m/s, °C, %, seconds, a count); null when unknown. */
  value: number | null;
  lat: number | null;
  lng: number | null;
  address: string | null;
  last_fix: string | null;
  battery: number | null;
  /** The trackers list's chip now, and the last fix's speed (m/s). */
  status: 'moving' | 'stopped' | 'offline';
  speed: number | null;
  /** When it last moved (the trackers list's last_movement_time). */
  moved_at: string | null;
  /** Names of the geofences it is inside (where a position is asked, of a few trackers). */
  inside?: string[];
}

export interface QueryResult {
  query: FleetQuery;
  error?: string;
  subject: string;
  count: number;
  device_ids: number[];
  /** The trackers, ordered by the aggregate (largest first for top), at most LISTED_MAX. */
  rows: QueryRow[];
  total?: number | null;
  per_day?: { day: string; value: number }[];
  range?: DayRange;
  place?: Place;
  area?: { label: string; polygon: ReturnType<typeof circlePolygon> };
  /** Trackers of the subject that never reported, told beside a "silent for" or "not moved" list. */
  never_reported?: string[];
  /** Names of the geofences the filters name by id. */
  geofence_names?: Record<number, string>;
  shipment?: ShipmentRow;
  shipments?: ShipmentRow[];
}

export interface ShipmentRow {
  name: string;
  status: string;
  estimated_end_at: string | null;
  end_at: string;
  ended_at: string | null;
  tracker: string | null;
}

const DEFAULT_AREA_KM = 0.25;
const PLACE_AREA_KM = 5;

export async function runQuery(fleet: ScoutFleet, query: FleetQuery): Promise<QueryResult> {
  const all = await fleet.trackers();
  const base = {
    query,
    subject: 'trackers',
    count: 0,
    device_ids: [] as number[],
    rows: [] as QueryRow[],
  };
  const subject = await subjectOf(fleet, all, query);
  if ('error' in subject) return { ...base, error: subject.error };
  let trackers = subject.trackers;
  // Told apart only where a silence is asked ("reported in the last hour" asks no silence).
  const silentFilter = query.filters.some(
    (f) => f.kind === 'not_moved' || (f.kind === 'last_report' && f.op === 'older'),
  );
  const neverReported = silentFilter
    ? trackers.filter((t) => !t.current_position).map((t) => t.name)
    : [];
  let place: Place | undefined;
  for (const filter of query.filters) {
    if (filter.kind === 'near') {
      place = await placeOf(fleet, all, filter.place);
      if (!place)
        return {
          ...base,
          error: `I could not find a place called "${filter.place.text ?? filter.place.geofence}".`,
        };
    }
    const kept = await applyFilter(fleet, trackers, filter, place);
    if (typeof kept === 'string') return { ...base, error: kept };
    trackers = kept;
  }
  const result: QueryResult = {
    ...base,
    subject: subject.label,
    ...(place ? { place } : {}),
    ...(neverReported.length ? { never_reported: neverReported } : {}),
  };
  const named = query.filters.flatMap((f) =>
    f.kind === 'geofence' && f.geofence !== undefined ? [f.geofence] : [],
  );
  if (named.length > 0) {
    const geofences = await fleet.geofences();
    result.geofence_names = Object.fromEntries(
      named.flatMap((ref) => {
        const g = findNamed(geofences, ref);
        return g ? [[g.id, g.name]] : [];
      }),
    );
  }

  if (query.action === 'draw_area') {
    const around = query.area ? await placeOf(fleet, all, query.area) : undefined;
    if (query.area && !around)
      return { ...base, error: `I could not find a place called "${query.area.text}".` };
    const centre = around ?? pointOf(trackers[0]);
    if (!centre)
      return {
        ...base,
        error: `${trackers[0]?.name ?? 'That tracker'} has not reported a position yet.`,
      };
    const km = query.area?.km ?? (around && !around.geofence ? PLACE_AREA_KM : DEFAULT_AREA_KM);
    const polygon =
      around?.geofence?.is_irregular && around.geofence.geo_json
        ? around.geofence.geo_json
        : circlePolygon(centre, around?.geofence ? around.geofence.radius : km);
    result.area = { label: centre.label, polygon };
    result.place = centre;
  }

  if (query.action === 'show_on_map' && query.area && query.measure === 'list') {
    const shown = await placeOf(fleet, all, query.area);
    if (!shown) return { ...base, error: `I could not find a place called "${query.area.text}".` };
    return { ...result, place: shown };
  }
  if (query.measure === 'eta') return { ...result, ...(await etaOf(fleet, query)) };
  if (query.measure === 'shipments') return { ...result, ...(await shipmentsOf(fleet, query)) };

  let values = new Map<number, number | null>();
  if (query.measure === 'distance_from') {
    const from = query.area ? await placeOf(fleet, all, query.area) : undefined;
    if (!from)
      return {
        ...base,
        error: query.area
          ? `I could not find a place called "${query.area.text ?? query.area.tracker ?? query.area.geofence}".`
          : 'From where? Please name a geofence, a tracker or a place.',
      };
    result.place = from;
    // "Closest to Truck 43": the others, not Truck 43 itself at 0 mi.
    const self =
      query.area?.tracker !== undefined ? findTracker(all, query.area.tracker) : undefined;
    if (self) trackers = trackers.filter((t) => t.id !== self.id);
    for (const t of trackers) values.set(t.id, kmFrom(t, from));
  } else if (RANGE_MEASURES.has(query.measure)) {
    const zone = await accountZoneOf(fleet.ctx, fleet.actor);
    const range = daysOf(query.time, zone, fleet.now);
    result.range = range;
    const read = await rangeValues(fleet, trackers, all.length, query, range);
    values = read.values;
    if (query.aggregate.per_day) result.per_day = read.perDay;
  } else {
    for (const t of trackers) values.set(t.id, currentValue(t, query));
  }

  const value = (t: DeviceListItem) => values.get(t.id) ?? null;
  for (const f of query.filters) {
    if (f.kind !== 'measure') continue;
    trackers = trackers.filter((t) => {
      const v = value(t);
      return v !== null && (f.op === 'above' ? v > f.value : v < f.value);
    });
  }
  let ordered = [...trackers];
  const known = ordered.filter((t) => value(t) !== null);
  const agg = query.aggregate;
  // A reading of several trackers ("reefer temps"): those that report it.
  const reading = ['battery', 'speed', 'temperature', 'humidity', 'distance_from'].includes(
    query.measure,
  );
  if (reading && trackers.length > 1) {
    ordered = [...known];
    trackers = [...known];
  }
  if (agg.kind === 'top' || agg.kind === 'max') {
    ordered = known.sort((a, b) => value(b)! - value(a)!).slice(0, agg.n ?? 1);
  } else if (agg.kind === 'min') {
    ordered = known.sort((a, b) => value(a)! - value(b)!).slice(0, agg.n ?? 1);
  }
  if (agg.kind === 'sum' || agg.kind === 'avg' || RANGE_MEASURES.has(query.measure)) {
    const sum = known.reduce((s, t) => s + value(t)!, 0);
    result.total = agg.kind === 'avg' ? (known.length ? sum / known.length : null) : sum;
  }
  result.count =
    agg.kind === 'top' || agg.kind === 'max' || agg.kind === 'min'
      ? ordered.length
      : trackers.length;
  result.device_ids = ordered.map((t) => t.id);
  result.rows = ordered.slice(0, LISTED_MAX).map((t) => rowOf(t, value(t), fleet.now));
  if (['position', 'geofence'].includes(query.measure) && result.rows.length <= 10)
    await addGeofences(fleet, result.rows);
  return result;
}

async function addGeofences(fleet: ScoutFleet, rows: QueryRow[]) {
  const index = await fleet.ctx.geofenceIndexes.forAccount(fleet.actor.accountId);
  const names = new Map((await fleet.geofences()).map((g) => [g.id, g.name]));
  for (const row of rows) {
    if (row.lat === null || row.lng === null) continue;
    row.inside = index.containing(row.lat, row.lng).flatMap((id) => names.get(id) ?? []);
  }
}

function rowOf(t: DeviceListItem, value: number | null, now: Date): QueryRow {
  const p = t.current_position;
  return {
    status: motionStatus(t, now),
    speed: p?.speed ?? null,
    moved_at: p?.last_movement_time ?? null,
    id: t.id,
    name: t.name,
    value,
    lat: p?.lat ?? null,
    lng: p?.lng ?? null,
    address: p?.address ?? null,
    last_fix: p?.timestamp ?? null,
    battery: p?.battery ?? null,
  };
}

/** Great-circle km from a tracker's last position to a place; null before its first fix. */
function kmFrom(t: DeviceListItem, place: Place): number | null {
  const p = t.current_position;
  return p ? distanceMetres(p.lat, p.lng, place.lat, place.lng) / 1000 : null;
}

const pointOf = (t: DeviceListItem | undefined): Place | undefined => {
  const p = t?.current_position;
  return p && t ? { label: t.name, lat: p.lat, lng: p.lng } : undefined;
};

function currentValue(t: DeviceListItem, query: FleetQuery): number | null {
  const p = t.current_position;
  if (!p) return null;
  switch (query.measure) {
    case 'battery':
      return p.battery;
    case 'speed':
      return p.speed;
    case 'temperature':
      return p.temperature;
    case 'humidity':
      return p.humidity;
    default:
      return null;
  }
}

async function subjectOf(
  fleet: ScoutFleet,
  all: readonly DeviceListItem[],
  query: FleetQuery,
): Promise<{ trackers: DeviceListItem[]; label: string } | { error: string }> {
  const s = query.subject;
  let trackers = [...all];
  let label = 'trackers';
  if (s.trackers) {
    const found: DeviceListItem[] = [];
    for (const ref of s.trackers) {
      const t = findTracker(all, ref);
      if (!t) return { error: `No tracker called "${ref}" among the trackers you can see.` };
      found.push(t);
    }
    trackers = found;
    label = s.previous ? 'of them' : found.length === 1 ? found[0]!.name : 'trackers';
  }
  if (s.group !== undefined) {
    const group = findNamed(await fleet.groups(), s.group);
    if (!group) return { error: `No group called "${s.group}" among the groups you can see.` };
    trackers = trackers.filter((t) => t.group_ids.includes(group.id));
    label = `trackers in ${group.name}`;
  }
  if (s.model) {
    const model = normalise(s.model);
    trackers = trackers.filter((t) => tokensOf(t.model_title).join(' ').includes(model));
    label = `${s.model} trackers`;
  }
  if (s.name_word) {
    const word = s.name_word;
    trackers = trackers.filter((t) => tokensOf(t.name).some((w) => sameWord(w, word)));
    label = `${word}s`;
  }
  return { trackers, label };
}

async function placeOf(
  fleet: ScoutFleet,
  all: readonly DeviceListItem[],
  place: QueryPlace,
): Promise<Place | undefined> {
  if (place.tracker !== undefined) return pointOf(findTracker(all, place.tracker));
  const geofences = await fleet.geofences();
  if (place.geofence !== undefined) {
    const g = findNamed(geofences, place.geofence);
    return g ? { label: g.name, lat: g.lat, lng: g.lng, geofence: g } : undefined;
  }
  if (!place.text) return undefined;
  const named = matchName(normalise(place.text).split(' '), geofences, () => true);
  if (named.kind === 'one') {
    const g = named.hit.item;
    return { label: g.name, lat: g.lat, lng: g.lng, geofence: g };
  }
  const [found] = await fleet.ctx.geocoder.search(place.text, 1);
  return found ? { label: found.label, lat: found.lat, lng: found.lng } : undefined;
}

async function applyFilter(
  fleet: ScoutFleet,
  trackers: DeviceListItem[],
  f: QueryFilter,
  place: Place | undefined,
): Promise<DeviceListItem[] | string> {
  const now = fleet.now;
  const cmp = (v: number | null | undefined, op: 'above' | 'below', bound: number) =>
    v !== null && v !== undefined && (op === 'above' ? v > bound : v < bound);
  switch (f.kind) {
    case 'motion':
      return trackers.filter((t) => (motionStatus(t, now) === f.status) !== (f.not ?? false));
    case 'speed':
      return trackers.filter((t) => cmp(t.current_position?.speed, f.op, f.mps));
    case 'battery':
      return trackers.filter((t) => cmp(t.current_position?.battery, f.op, f.percent));
    case 'temperature':
      return trackers.filter((t) => cmp(t.current_position?.temperature, f.op, f.celsius));
    case 'humidity':
      return trackers.filter((t) => cmp(t.current_position?.humidity, f.op, f.percent));
    case 'last_report': {
      // One that never reported is told apart (never_reported), not counted as silent.
      const limit = now.getTime() - f.hours * 3_600_000;
      return trackers.filter((t) => {
        if (!t.current_position) return false;
        const at = Date.parse(t.current_position.timestamp);
        return f.op === 'older' ? at < limit : at >= limit;
      });
    }
    case 'not_moved':
      // One that never reported is "never reported", not "not moved for a day".
      return trackers.filter((t) => !!t.current_position && notMovedFor(t, f.hours, now));
    case 'overdue':
      return trackers.filter((t) => overdue(t, now));
    case 'never_reported':
      return trackers.filter((t) => !t.current_position);
    case 'measure':
      return trackers; // applied once the measure is read (runQuery)
    case 'geofence': {
      if (f.geofence === undefined) {
        // Measured by the index, as a named geofence is: the stored flag lags edits.
        const index = await fleet.ctx.geofenceIndexes.forAccount(fleet.actor.accountId);
        return trackers.filter((t) => {
          const p = t.current_position;
          if (!p) return false;
          return index.containing(p.lat, p.lng).length > 0 === f.inside;
        });
      }
      const g = findNamed(await fleet.geofences(), f.geofence);
      if (!g) return `No geofence called "${f.geofence}" in this account.`;
      const index = await fleet.ctx.geofenceIndexes.forAccount(fleet.actor.accountId);
      return trackers.filter((t) => {
        const p = t.current_position;
        // No position: neither inside nor outside (as for "outside every geofence").
        if (!p) return false;
        return index.containing(p.lat, p.lng).includes(g.id) === f.inside;
      });
    }
    case 'near': {
      if (!place) return trackers;
      const metres = f.km * 1000;
      return trackers.filter((t) => {
        const p = t.current_position;
        return !!p && distanceMetres(p.lat, p.lng, place.lat, place.lng) <= metres;
      });
    }
  }
}

/** Summed from the daily summaries: one grouped read of the range for the whole set. */
async function rangeValues(
  fleet: ScoutFleet,
  trackers: DeviceListItem[],
  fleetSize: number,
  query: FleetQuery,
  range: DayRange,
) {
  const wanted = new Set(trackers.map((t) => t.id));
  const narrowed = trackers.length <= fleetSize / 4 ? { device_ids: [...wanted] } : {};
  if ((query.measure === 'trips' || query.measure === 'stops') && !query.aggregate.per_day) {
    // Counted as the trips and stops lists count them: those that started in the range.
    const counts = await startedByTracker(
      fleet.ctx,
      fleet.actor,
      { date_from: range.from, date_to: range.to, ...narrowed },
      query.measure,
    );
    const values = new Map<number, number | null>();
    for (const id of wanted) values.set(id, 0);
    for (const row of counts) if (wanted.has(row.device_id)) values.set(row.device_id, row.n);
    return { values, perDay: [] };
  }
  const figure = summaryFigureOf(query.measure);
  const rows = await summaryTotalsByTracker(
    fleet.ctx,
    fleet.actor,
    {
      date_from: range.from,
      date_to: range.to,
      // Naming a few trackers narrows the read; for most of the fleet one read is cheaper.
      ...narrowed,
    },
    figure.column,
    query.aggregate.per_day === true,
  );
  const values = new Map<number, number | null>();
  for (const id of wanted) values.set(id, 0);
  const days = new Map<string, number>();
  for (const row of rows) {
    if (!wanted.has(row.device_id)) continue;
    const v = (row.value ?? 0) * figure.scale;
    // A top speed is the highest of the days, every other measure their sum.
    const add = (a: number) => (query.measure === 'top_speed' ? Math.max(a, v) : a + v);
    values.set(row.device_id, add(values.get(row.device_id) ?? 0));
    if (row.day) days.set(row.day, add(days.get(row.day) ?? 0));
  }
  return {
    values,
    perDay: [...days.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, value]) => ({ day, value })),
  };
}

/** The daily summaries' figure a range measure reads, and its scale to the measure's unit. */
function summaryFigureOf(measure: FleetQuery['measure']): {
  column: SummaryMeasure;
  scale: number;
} {
  switch (measure) {
    case 'distance':
      return { column: 'distance', scale: 1 / 1000 };
    case 'driving_time':
      return { column: 'driving_s', scale: 1 };
    case 'idle_time':
      return { column: 'idle_s', scale: 1 };
    case 'trips':
      return { column: 'trips', scale: 1 };
    case 'top_speed':
      return { column: 'max_speed', scale: 1 };
    default:
      return { column: 'stops', scale: 1 };
  }
}

async function etaOf(fleet: ScoutFleet, query: FleetQuery): Promise<Partial<QueryResult>> {
  let shipments;
  try {
    shipments = await listShipments(
      fleet.ctx,
      fleet.actor,
      { key: 'general' },
      { includeDevice: true },
    );
  } catch {
    return { error: 'You cannot see shipments in this account.' };
  }
  const tokens = normalise(query.subject.shipment ?? '').split(' ');
  const named = matchName(tokens, shipments, (w) => /\d/.test(w) || w.length > 3);
  if (named.kind === 'ambiguous') {
    return { error: `Did you mean ${named.items.map((s) => s.name).join(' or ')}?` };
  }
  if (named.kind !== 'one')
    return {
      error: 'Which shipment do you mean? Please give its name as the shipments list shows it.',
    };
  return { shipment: shipmentRow(named.hit.item) };
}

type Shipment = Awaited<ReturnType<typeof listShipments>>[number];
const shipmentRow = (s: Shipment): ShipmentRow => ({
  name: s.name,
  status: s.status,
  estimated_end_at: s.estimated_end_at,
  end_at: s.end_at,
  ended_at: s.ended_at,
  tracker: s.device?.name ?? null,
});

/** The shipments of the statuses asked (all when none), soonest due first. */
async function shipmentsOf(fleet: ScoutFleet, query: FleetQuery): Promise<Partial<QueryResult>> {
  let shipments;
  try {
    shipments = await listShipments(
      fleet.ctx,
      fleet.actor,
      { key: 'general', ...(query.shipment_statuses ? { statuses: query.shipment_statuses } : {}) },
      { includeDevice: true },
    );
  } catch {
    return { error: 'You cannot see shipments in this account.' };
  }
  return { count: shipments.length, shipments: shipments.map(shipmentRow) };
}
