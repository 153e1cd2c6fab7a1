import { motionStatus, type DeviceListItem } from '@waymark/domain';
import { lastWeek } from './days';
import type { Expected } from './grade';
import { haversine, type World } from './world';

/**
 * The expected-answer builders the questions use: each reads the API through `World` when the
 * question is asked and says what a right answer holds. Definitions follow the product's own
 * words (spec and the trackers list's status chips), never Scout's code.
 */
export type Expect = (w: World) => Promise<Expected | Expected[]>;
export type Pick = (d: DeviceListItem, w: World) => boolean | Promise<boolean>;

const HOUR = 3_600_000;
/** 40 °F. */
export const F40 = ((40 - 32) * 5) / 9;
export const fToC = (f: number) => ((f - 32) * 5) / 9;
export const mph = (v: number) => v * 0.44704;
export const kmh = (v: number) => v / 3.6;
/** Places of the bundled gazetteer the questions name (city centres). */
export const PLACES = {
  Chicago: { lat: 41.8781, lng: -87.6298 },
  Dallas: { lat: 32.7767, lng: -96.797 },
  Atlanta: { lat: 33.749, lng: -84.388 },
  Denver: { lat: 39.7392, lng: -104.9903 },
  Memphis: { lat: 35.1495, lng: -90.049 },
  'Los Angeles': { lat: 34.0522, lng: -118.2437 },
} as const;
export type Place = keyof typeof PLACES;

// ---- which trackers ---------------------------------------------------------------------
export const all: Pick = () => true;
export const named =
  (...names: string[]): Pick =>
  (d) =>
    names.includes(d.name);
export const kind =
  (prefix: string): Pick =>
  (d) =>
    d.name.startsWith(`${prefix} `);
export const status =
  (s: 'moving' | 'stopped' | 'offline'): Pick =>
  (d) =>
    motionStatus(d, new Date()) === s;
export const batteryBelow =
  (pct: number): Pick =>
  (d) =>
    d.current_position?.battery != null && d.current_position.battery < pct;
export const lowBattery = batteryBelow(20);
export const tempAbove =
  (c: number): Pick =>
  (d) =>
    d.current_position?.temperature != null && d.current_position.temperature > c;
export const tempBelow =
  (c: number): Pick =>
  (d) =>
    d.current_position?.temperature != null && d.current_position.temperature < c;
export const humidityAbove =
  (h: number): Pick =>
  (d) =>
    d.current_position?.humidity != null && d.current_position.humidity > h;
export const hasTemperature: Pick = (d) => d.current_position?.temperature != null;
export const inGroup =
  (name: string): Pick =>
  async (d, w) =>
    (await w.group(name)).device_ids.includes(d.id);
/** Inside a circular geofence now: its centre within its radius (km), measured here again. */
export const inside =
  (geofence: string): Pick =>
  async (d, w) => {
    const g = await w.geofence(geofence);
    const p = d.current_position;
    return !!p && haversine(p.lat, p.lng, g.lat, g.lng) <= g.radius * 1000;
  };
export const outsideAll: Pick = async (d, w) => {
  const p = d.current_position;
  if (!p) return false;
  return (await w.geofences()).every(
    (g) => haversine(p.lat, p.lng, g.lat, g.lng) > g.radius * 1000,
  );
};
export const within =
  (place: Place, km: number): Pick =>
  (d) => {
    const p = d.current_position;
    const c = PLACES[place];
    return !!p && haversine(p.lat, p.lng, c.lat, c.lng) <= km * 1000;
  };
export const silentFor =
  (hours: number): Pick =>
  (d) =>
    !!d.current_position && Date.now() - Date.parse(d.current_position.timestamp) > hours * HOUR;
export const neverReported: Pick = (d) => !d.current_position;
export const notMovedFor =
  (hours: number): Pick =>
  (d) => {
    const p = d.current_position;
    if (!p) return false;
    const moved = p.last_movement_time ?? p.timestamp;
    return Date.now() - Date.parse(moved) > hours * HOUR;
  };
export const and =
  (...picks: Pick[]): Pick =>
  async (d, w) => {
    for (const p of picks) if (!(await p(d, w))) return false;
    return true;
  };
export const or =
  (...picks: Pick[]): Pick =>
  async (d, w) => {
    for (const p of picks) if (await p(d, w)) return true;
    return false;
  };
export const not =
  (pick: Pick): Pick =>
  async (d, w) =>
    !(await pick(d, w));

export async function select(w: World, pick: Pick, from?: DeviceListItem[]) {
  const out: DeviceListItem[] = [];
  for (const d of from ?? (await w.devices())) if (await pick(d, w)) out.push(d);
  return out;
}

// ---- expectations -----------------------------------------------------------------------
/** Either reading of a question is right (e.g. whether "not reported" holds the never-reported). */
export const anyOf =
  (...expects: Expect[]): Expect =>
  async (w) =>
    (await Promise.all(expects.map((e) => e(w)))).flat();

export const count =
  (pick: Pick, tol = 0): Expect =>
  async (w) => ({ kind: 'count', n: (await select(w, pick)).length, tol });

export const set =
  (pick: Pick, may?: Pick): Expect =>
  async (w) => {
    const ids = await select(w, pick);
    const extra = may ? await select(w, may) : [];
    return {
      kind: 'set',
      ids: ids.map((d) => d.id),
      names: ids.map((d) => d.name),
      ...(may ? { may: extra.map((d) => d.id) } : {}),
    };
  };

export const statusOf =
  (name: string): Expect =>
  async (w) => ({ kind: 'status', status: motionStatus(await w.device(name), new Date()) });

export const where =
  (name: string): Expect =>
  async (w) => {
    const d = await w.device(name);
    const p = d.current_position!;
    return { kind: 'where', id: d.id, lat: p.lat, lng: p.lng, address: p.address };
  };

export const battery =
  (name: string): Expect =>
  async (w) => ({
    kind: 'quantity',
    unit: 'percent',
    value: (await w.device(name)).current_position?.battery ?? NaN,
    tol: 1,
  });

export const temperature =
  (name: string): Expect =>
  async (w) => ({
    kind: 'quantity',
    unit: 'temperature',
    value: (await w.device(name)).current_position?.temperature ?? NaN,
    tol: 0.6,
  });

export const humidity =
  (name: string): Expect =>
  async (w) => ({
    kind: 'quantity',
    unit: 'percent',
    value: (await w.device(name)).current_position?.humidity ?? NaN,
    tol: 1,
  });

export const speed =
  (name: string): Expect =>
  async (w) => ({
    kind: 'quantity',
    unit: 'speed',
    value: (await w.device(name)).current_position?.speed ?? 0,
    tol: 0.6,
  });

export const lastReport =
  (name: string): Expect =>
  async (w) => ({
    kind: 'time',
    at: (await w.device(name)).current_position!.timestamp,
    zone: w.zone,
  });

/** A span of local days the question names, resolved when it is asked. */
export type Span =
  | 'today'
  | 'yesterday'
  | 'last week'
  | 'last 7 days'
  | 'this week'
  | { daysAgo: number }
  | { from: number; to: number };

/** The local days a span may mean: "last week" is the calendar week or the last 7 days. */
export function spans(w: World, span: Span): { from: string; to: string }[] {
  const today = w.day(0);
  if (span === 'today') return [{ from: today, to: today }];
  if (span === 'yesterday') return [{ from: w.day(-1), to: w.day(-1) }];
  if (span === 'last 7 days')
    return [
      { from: w.day(-6), to: today },
      { from: w.day(-7), to: w.day(-1) },
    ];
  if (span === 'last week')
    return [lastWeek(today), { from: w.day(-6), to: today }, { from: w.day(-7), to: w.day(-1) }];
  if (span === 'this week') return [{ from: addWeek(lastWeek(today).from), to: today }];
  if ('daysAgo' in span) return [{ from: w.day(-span.daysAgo), to: w.day(-span.daysAgo) }];
  return [{ from: w.day(-span.from), to: w.day(-span.to) }];
}
const addWeek = (monday: string) => {
  const t = new Date(`${monday}T12:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 7);
  return t.toISOString().slice(0, 10);
};

const distanceTol = (m: number) => Math.max(0.1 * m, 2000);
const timeTol = (s: number) => Math.max(0.1 * s, 600);

/** Metres a tracker covered: haversine over its accepted fixes, not the trips tables. */
export const distance =
  (name: string, span: Span): Expect =>
  async (w) => {
    const d = await w.device(name);
    const out: Expected[] = [];
    for (const r of spans(w, span)) {
      const value = await w.distance(d.id, r.from, r.to);
      out.push({ kind: 'quantity', unit: 'distance', value, tol: distanceTol(value) });
    }
    return out;
  };

/** Metres the trackers picked covered together. */
export const totalDistance =
  (pick: Pick, span: Span): Expect =>
  async (w) => {
    const out: Expected[] = [];
    const ds = await select(w, pick);
    for (const r of spans(w, span)) {
      let value = 0;
      for (const d of ds) value += await w.distance(d.id, r.from, r.to);
      out.push({ kind: 'quantity', unit: 'distance', value, tol: distanceTol(value) });
    }
    return out;
  };

/** Driving or idle seconds from the daily summaries (the product's segmentation). */
export const time =
  (name: string, field: 'driving_time' | 'idle_time', span: Span): Expect =>
  async (w) => {
    const d = await w.device(name);
    const out: Expected[] = [];
    for (const r of spans(w, span)) {
      const rows = await w.summary(r.from, r.to, [d.id]);
      const value = rows.reduce((s, row) => s + row[field], 0);
      out.push({ kind: 'quantity', unit: 'duration', value, tol: timeTol(value) });
    }
    return out;
  };

export const maxSpeed =
  (name: string, span: Span): Expect =>
  async (w) => {
    const d = await w.device(name);
    const out: Expected[] = [];
    for (const r of spans(w, span)) {
      const rows = await w.summary(r.from, r.to, [d.id]);
      const value = Math.max(0, ...rows.map((row) => row.max_speed ?? 0));
      out.push({ kind: 'quantity', unit: 'speed', value, tol: Math.max(0.03 * value, 0.6) });
    }
    return out;
  };

export const tripsOrStops =
  (name: string, what: 'trips' | 'stops', span: Span): Expect =>
  async (w) => {
    const d = await w.device(name);
    const out: Expected[] = [];
    for (const r of spans(w, span))
      out.push({ kind: 'count', n: await w.countOf(what, d.id, r.from, r.to), tol: 1 });
    return out;
  };

/**
 * The trackers that covered the most (or least) distance: the n first, and any within 3 % (or
 * 2 km) of the n-th, which a right answer may name instead.
 */
export const top =
  (pick: Pick, span: Span, n: number, order: 'most' | 'least' = 'most'): Expect =>
  async (w) => {
    const ds = await select(w, pick);
    const out: Expected[] = [];
    for (const r of spans(w, span)) {
      const ranked: { name: string; id: number; m: number }[] = [];
      for (const d of ds)
        ranked.push({ name: d.name, id: d.id, m: await w.distance(d.id, r.from, r.to) });
      ranked.sort((a, b) => (order === 'most' ? b.m - a.m : a.m - b.m));
      const nth = ranked[Math.min(n, ranked.length) - 1]?.m ?? 0;
      const slack = Math.max(0.03 * nth, 2000);
      const acceptable = ranked.filter((x) =>
        order === 'most' ? x.m >= nth - slack : x.m <= nth + slack,
      );
      out.push({
        kind: 'top',
        n,
        acceptable: acceptable.map((x) => x.name),
        ids: Object.fromEntries(ranked.map((x) => [x.name, x.id])),
      });
    }
    return out;
  };

/** The n trackers with the lowest battery now (ties at the n-th accepted). */
export const lowestBattery =
  (n: number): Expect =>
  async (w) => {
    const ranked = (await w.devices())
      .filter((d) => d.current_position?.battery != null)
      .sort((a, b) => a.current_position!.battery! - b.current_position!.battery!);
    const nth = ranked[n - 1]!.current_position!.battery!;
    return {
      kind: 'top',
      n,
      acceptable: ranked.filter((d) => d.current_position!.battery! <= nth + 1).map((d) => d.name),
      ids: Object.fromEntries(ranked.map((d) => [d.name, d.id])),
    };
  };

/** The geofence a tracker is inside now (null when none), measured here again. */
export const geofenceOf =
  (name: string): Expect =>
  async (w) => {
    const p = (await w.device(name)).current_position!;
    const all = await w.geofences();
    const hit = all.find((g) => haversine(p.lat, p.lng, g.lat, g.lng) <= g.radius * 1000);
    return { kind: 'geofence', inside: hit?.name ?? null, all: all.map((g) => g.name) };
  };

/** Where a distance is measured from: a gazetteer place, a geofence's centre or a tracker. */
export type From = { place: Place } | { geofence: string } | { tracker: string };
async function pointOf(w: World, from: From) {
  if ('place' in from) return PLACES[from.place];
  if ('geofence' in from) return w.geofence(from.geofence);
  return (await w.device(from.tracker)).current_position!;
}

/**
 * The n trackers whose last positions are nearest to a place (never the tracker measured
 * from): the n first, and any within 3 % (or 1 km) of the n-th, which a right answer may name.
 */
export const nearest =
  (from: From, n: number, pick: Pick = all): Expect =>
  async (w) => {
    const c = await pointOf(w, from);
    const self = 'tracker' in from ? from.tracker : undefined;
    const ranked = (await select(w, pick))
      .filter((d) => d.current_position && d.name !== self)
      .map((d) => ({
        name: d.name,
        id: d.id,
        m: haversine(d.current_position!.lat, d.current_position!.lng, c.lat, c.lng),
      }))
      .sort((a, b) => a.m - b.m);
    const nth = ranked[Math.min(n, ranked.length) - 1]?.m ?? 0;
    const slack = Math.max(0.03 * nth, 1000);
    return {
      kind: 'top',
      n,
      acceptable: ranked.filter((x) => x.m <= nth + slack).map((x) => x.name),
      ids: Object.fromEntries(ranked.map((x) => [x.name, x.id])),
    };
  };

/** Metres from a tracker's last position to a place, as the crow flies. */
export const distanceFrom =
  (name: string, from: From): Expect =>
  async (w) => {
    const p = (await w.device(name)).current_position!;
    const c = await pointOf(w, from);
    const value = haversine(p.lat, p.lng, c.lat, c.lng);
    return { kind: 'quantity', unit: 'distance', value, tol: Math.max(0.02 * value, 1000) };
  };

// ---- shipments --------------------------------------------------------------------------
export const shipmentsWhere =
  (pick: (s: { status: string }) => boolean): Expect =>
  async (w) => {
    const list = await w.shipments();
    return {
      kind: 'shipments',
      names: list.filter(pick).map((s) => s.name),
      all: list.map((s) => s.name),
    };
  };

/** When the n-th shipment of a status arrives (predicted) or arrived. */
export const eta =
  (which: (list: { name: string; status: string }[]) => string | undefined): Expect =>
  async (w) => {
    const list = await w.shipments();
    const name = which(list);
    const s = list.find((x) => x.name === name);
    if (!s) return { kind: 'cannot' };
    const at = s.ended_at ?? s.estimated_end_at ?? s.end_at;
    return { kind: 'time', at, zone: w.zone };
  };

// ---- actions ----------------------------------------------------------------------------
export const showOnMap =
  (pick: Pick): Expect =>
  async (w) => [
    { kind: 'map', ids: (await select(w, pick)).map((d) => d.id) },
    { kind: 'filter', ids: (await select(w, pick)).map((d) => d.id) },
  ];

export const mapOfPlace =
  (place: Place): Expect =>
  async () => ({ kind: 'map', point: PLACES[place] });

export const polygonAroundTracker =
  (name: string): Expect =>
  async (w) => {
    const p = (await w.device(name)).current_position!;
    return { kind: 'polygon', point: { lat: p.lat, lng: p.lng } };
  };

export const polygonAroundGeofence =
  (name: string): Expect =>
  async (w) => {
    const g = await w.geofence(name);
    return { kind: 'polygon', point: { lat: g.lat, lng: g.lng } };
  };

export const polygonAroundPlace =
  (place: Place): Expect =>
  async () => ({ kind: 'polygon', point: PLACES[place] });

export const filterTo =
  (pick: Pick): Expect =>
  async (w) => ({ kind: 'filter', ids: (await select(w, pick)).map((d) => d.id) });

export const csvOf =
  (pick: Pick): Expect =>
  async (w) => ({ kind: 'csv', names: (await select(w, pick)).map((d) => d.name) });

export const open =
  (name: string): Expect =>
  async (w) => ({ kind: 'open', id: (await w.device(name)).id });

export const cannot: Expect = async () => ({ kind: 'cannot' });

export const ambiguous =
  (pick: Pick, missing = false): Expect =>
  async (w) => ({
    kind: 'ambiguous',
    candidates: (await select(w, pick)).map((d) => d.name),
    missing,
  });
