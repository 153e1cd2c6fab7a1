import type { DialogMessage } from '@waymark/domain';
import { minutesOfDay } from './days';
import {
  asksBack,
  clockTimesIn,
  distancesIn,
  durationsIn,
  namesIn,
  countsIn,
  percentsIn,
  speedsIn,
  saysCannot,
  temperaturesIn,
  textOf,
  uiCallsOf,
  withoutNames,
  type ToolCall,
} from './reading';

/**
 * What a right answer must contain, worked out from the API just before (and again just after)
 * the question is asked. `tol` is absolute in the unit's base (metres, seconds, °C, %).
 */
export type Expected =
  | { kind: 'count'; n: number; tol?: number }
  | { kind: 'set'; ids: number[]; names: string[]; may?: number[] }
  | { kind: 'status'; status: 'moving' | 'stopped' | 'offline' }
  | { kind: 'shipments'; names: string[]; all: string[] }
  | { kind: 'geofence'; inside: string | null; all: string[] }
  | {
      kind: 'quantity';
      unit: 'distance' | 'duration' | 'temperature' | 'percent' | 'speed';
      value: number;
      tol: number;
    }
  | { kind: 'top'; n: number; acceptable: string[]; ids: Record<string, number> }
  | { kind: 'where'; id: number; lat: number; lng: number; address: string | null }
  | { kind: 'map'; ids?: number[]; point?: { lat: number; lng: number } }
  | { kind: 'polygon'; point: { lat: number; lng: number } }
  | { kind: 'filter'; ids: number[] }
  | { kind: 'csv'; names: string[] }
  | { kind: 'open'; id: number }
  | { kind: 'time'; at: string; zone: string }
  | { kind: 'cannot' }
  | { kind: 'ambiguous'; candidates: string[]; missing?: boolean };

export type Verdict = 'correct' | 'honest' | 'wrong';

/** What the grader knows of the account: every name to take out before reading numbers. */
export interface GradeContext {
  deviceNames: string[];
  otherNames: string[];
  /** Reads a file the answer offers (ui_create_file's download_url). */
  download: (url: string) => Promise<string>;
}

const sameSet = (a: readonly number[] | undefined, b: readonly number[]) =>
  !!a && a.length === b.length && new Set([...a, ...b]).size === b.length;

const idsOf = (call: ToolCall | undefined) =>
  Array.isArray(call?.arguments.device_ids) ? (call.arguments.device_ids as number[]) : undefined;

const call = (calls: ToolCall[], name: string) => calls.find((c) => c.name === name);

const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const dy = (a.lat - b.lat) * 111.2;
  const dx = (a.lng - b.lng) * 111.2 * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(dx, dy);
};

/** Ray casting over the outer ring of a GeoJSON polygon ([lng, lat] positions). */
function contains(ring: [number, number][], p: { lat: number; lng: number }) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > p.lat !== yj > p.lat && p.lng < ((xj - xi) * (p.lat - yi)) / (yj - yi) + xi)
      inside = !inside;
  }
  return inside;
}

const STATUS_WORDS: [string, RegExp][] = [
  ['moving', /\b(moving|driving|on the move|in motion|en route)\b/i],
  ['stopped', /\b(stopped|parked|stationary|standing still|not moving|idle)\b/i],
  [
    'offline',
    /\b(offline|not reporting|stopped reporting|overdue|hasn['’]t reported|no recent)\b/i,
  ],
];

const NONE = /\b(no|none|nothing|zero|not any|nobody|0)\b/i;
const NO_DRIVING =
  /\b(did(?:n['’]t| not) (?:drive|move)|no (?:trips|driving|distance|movement)|has(?:n['’]t| not) (?:moved|driven)|0(?:\.0+)? (?:mi|km|miles))\b/i;

function quantities(unit: string, text: string) {
  switch (unit) {
    case 'distance':
      return distancesIn(text);
    case 'duration':
      return durationsIn(text);
    case 'temperature':
      return temperaturesIn(text);
    case 'percent':
      return percentsIn(text);
    case 'speed':
      return speedsIn(text);
    default:
      return [];
  }
}

/** Whether the answer holds what `expected` says a right one holds. */
async function isCorrect(
  expected: Expected,
  message: DialogMessage,
  ctx: GradeContext,
): Promise<boolean> {
  const text = textOf(message);
  const calls = uiCallsOf(message);
  const plain = withoutNames(text, [...ctx.deviceNames, ...ctx.otherNames]);
  const mentioned = () => namesIn(text, ctx.deviceNames);
  const filter = call(calls, 'ui_filter_devices');
  const map = call(calls, 'ui_update_map');
  switch (expected.kind) {
    case 'count': {
      const tol = expected.tol ?? 0;
      const listed = idsOf(filter);
      if (listed && Math.abs(listed.length - expected.n) > tol) return false;
      if (expected.n === 0 && NONE.test(plain) && !(listed && listed.length > 0)) return true;
      return countsIn(plain).some((x) => Math.abs(x - expected.n) <= tol);
    }
    case 'set': {
      const listed = idsOf(filter) ?? idsOf(map);
      if (listed && expected.may) {
        const allowed = new Set([...expected.ids, ...expected.may]);
        return (
          expected.ids.every((id) => listed.includes(id)) && listed.every((id) => allowed.has(id))
        );
      }
      if (listed) return sameSet(listed, expected.ids);
      if (expected.ids.length === 0) return NONE.test(plain) && mentioned().length === 0;
      const named = mentioned();
      return (
        named.length === expected.names.length && expected.names.every((n) => named.includes(n))
      );
    }
    case 'status': {
      // Longest phrases first: "stopped reporting" is offline, "not moving" is stopped.
      let rest = plain;
      const said: string[] = [];
      for (const [status, re] of [...STATUS_WORDS].reverse()) {
        if (re.test(rest)) said.push(status);
        rest = rest.replace(new RegExp(re.source, 'gi'), ' ');
      }
      return said.length === 1 && said[0] === expected.status;
    }
    case 'shipments': {
      const token = (name: string) => /^PO \d+/.exec(name)?.[0] ?? name;
      const said = expected.all.filter((n) =>
        new RegExp(`\\b${token(n).replace(' ', '\\s*')}\\b`, 'i').test(text),
      );
      return said.length === expected.names.length && expected.names.every((n) => said.includes(n));
    }
    case 'geofence': {
      const said = namesIn(text, expected.all);
      if (expected.inside) return said.length === 1 && said[0] === expected.inside;
      return said.length === 0 && /\b(no|not|outside|isn['’]t)\b/i.test(text);
    }
    case 'quantity': {
      const found = quantities(expected.unit, plain);
      if (found.some((v) => Math.abs(v - expected.value) <= expected.tol)) return true;
      return (
        expected.unit === 'distance' && expected.value <= expected.tol && NO_DRIVING.test(plain)
      );
    }
    case 'top': {
      const listed = idsOf(filter);
      const acceptableIds = expected.acceptable.map((n) => expected.ids[n]!);
      if (listed)
        return listed.length === expected.n && listed.every((id) => acceptableIds.includes(id));
      const named = mentioned().slice(0, expected.n);
      return named.length === expected.n && named.every((n) => expected.acceptable.includes(n));
    }
    case 'where': {
      const ids = idsOf(map);
      if (ids && ids.length === 1 && ids[0] === expected.id) return true;
      const centre = map?.arguments.center as { lat: number; lng: number } | undefined;
      if (centre && km(centre, expected) < 2) return true;
      const street = expected.address?.split(',')[0]?.trim();
      return !!street && street.length > 3 && text.toLowerCase().includes(street.toLowerCase());
    }
    case 'map': {
      if (!map) return false;
      if (expected.ids) return sameSet(idsOf(map), expected.ids);
      const point = expected.point!;
      const centre = map.arguments.center as { lat: number; lng: number } | undefined;
      if (centre && km(centre, point) < 5) return true;
      const bounds = map.arguments.bounds as [[number, number], [number, number]] | undefined;
      return (
        !!bounds &&
        bounds[0][0] <= point.lng &&
        point.lng <= bounds[1][0] &&
        bounds[0][1] <= point.lat &&
        point.lat <= bounds[1][1] &&
        km({ lng: bounds[0][0], lat: bounds[0][1] }, { lng: bounds[1][0], lat: bounds[1][1] }) < 300
      );
    }
    case 'polygon': {
      const polygon = call(calls, 'ui_add_polygon')?.arguments.polygon as
        { coordinates: [number, number][][] } | undefined;
      const ring = polygon?.coordinates?.[0];
      if (!ring || !contains(ring, expected.point)) return false;
      // Around the place, not a polygon over half the country.
      return ring.every(([lng, lat]) => km({ lat, lng }, expected.point) < 50);
    }
    case 'filter':
      if (expected.ids.length === 0) return !filter && NONE.test(plain) && mentioned().length === 0;
      return sameSet(idsOf(filter), expected.ids);
    case 'csv': {
      const file = call(calls, 'ui_create_file');
      // Nothing to export: saying so without a file is right, as for an empty filter.
      if (expected.names.length === 0 && !file && !filter)
        return NONE.test(plain) && mentioned().length === 0;
      const url = file?.arguments.download_url;
      if (typeof url !== 'string') return false;
      const body = await ctx.download(url);
      const named = namesIn(body, ctx.deviceNames);
      return (
        named.length === expected.names.length && expected.names.every((n) => named.includes(n))
      );
    }
    case 'open': {
      const opened = calls.find(
        (c) => /open/.test(c.name) && c.arguments.device_id === expected.id,
      );
      return !!opened || sameSet(idsOf(map), [expected.id]);
    }
    case 'time': {
      const at = new Date(expected.at);
      const wanted = [minutesOfDay(at, expected.zone), minutesOfDay(at, 'UTC')];
      return clockTimesIn(text).some((t) =>
        wanted.some((w) => Math.min(Math.abs(t - w), 1440 - Math.abs(t - w)) <= 20),
      );
    }
    case 'cannot':
      return saysCannot(text) && !filter && !map && !call(calls, 'ui_create_file');
    case 'ambiguous': {
      const named = namesIn(text, expected.candidates);
      const need = expected.missing ? 1 : Math.min(2, expected.candidates.length);
      if (asksBack(text) && named.length >= need) return true;
      return (
        !!expected.missing &&
        /\b(no tracker|couldn['’]t find|could not find|can['’]t find|cannot find|not find|doesn['’]t exist|does not exist|there is no|no such)\b/i.test(
          text,
        ) &&
        !filter &&
        !map
      );
    }
  }
}

/**
 * Correct, honest (it said it cannot, or asked back, without offering a listing) or confidently
 * wrong (anything else: a false figure, another tracker, a fleet listing for another question).
 */
export async function grade(
  expected: Expected[],
  message: DialogMessage,
  ctx: GradeContext,
): Promise<Verdict> {
  for (const e of expected) if (await isCorrect(e, message, ctx)) return 'correct';
  const text = textOf(message);
  const listing = uiCallsOf(message).some((c) =>
    ['ui_filter_devices', 'ui_create_file'].includes(c.name),
  );
  return (saysCannot(text) || asksBack(text)) && !listing ? 'honest' : 'wrong';
}
