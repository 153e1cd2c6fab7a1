import { celsiusToFahrenheit, mpsToMph, readableNumber } from '@waymark/domain';
import type { ScoutModelReply, ScoutToolCall } from '../scout-model';
import { boundsOf } from '../scout-geometry';
import { call } from '../offline/offline-plan';
import type { FleetQuery, QueryFilter } from './fleet-query';
import type { QueryResult, QueryRow, ShipmentRow } from './query-run';

/**
 * The answer to a FleetQuery from its result, in the user's units, with the buttons its
 * action asks for. Every list answer carries the button that filters the list to exactly the
 * trackers it counted, so what the text says can be checked on the screen.
 */

const NAMED_MAX = 10;
const KM_PER_MILE = 1.609344;

const joinAnd = (items: string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const names = (list: string[], total: number) => {
  const shown = list.slice(0, NAMED_MAX);
  return total > shown.length
    ? `${shown.join(', ')} and ${total - shown.length} more`
    : joinAnd(shown);
};
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : 'never');

export function distanceText(km: number, q: FleetQuery) {
  return q.units === 'metric'
    ? `${readableNumber(km)} km`
    : `${readableNumber(km / KM_PER_MILE)} mi`;
}
const speedText = (mps: number, q: FleetQuery) =>
  q.units === 'metric'
    ? `${readableNumber(mps * 3.6)} km/h`
    : `${readableNumber(mpsToMph(mps))} mph`;
const tempText = (c: number, q: FleetQuery) =>
  q.units === 'metric' ? `${readableNumber(c)}°C` : `${readableNumber(celsiusToFahrenheit(c))}°F`;
function durationText(seconds: number) {
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  return h > 0 ? `${h} h ${minutes % 60} min` : `${minutes} min`;
}

/** A measure's value as people read it. */
function valueText(v: number, q: FleetQuery): string {
  switch (q.measure) {
    case 'distance':
    case 'distance_from':
      return distanceText(v, q);
    case 'speed':
    case 'top_speed':
      return speedText(v, q);
    case 'temperature':
      return tempText(v, q);
    case 'battery':
    case 'humidity':
      return `${Math.round(v)}%`;
    case 'driving_time':
    case 'idle_time':
      return durationText(v);
    case 'trips':
      return plural(Math.round(v), 'trip');
    case 'stops':
      return plural(Math.round(v), 'stop');
    default:
      return readableNumber(v);
  }
}

function filterText(f: QueryFilter, q: FleetQuery, r: QueryResult): string {
  const op = (o: 'above' | 'below') => (o === 'above' ? 'above' : 'below');
  switch (f.kind) {
    case 'motion':
      if (f.not) return `not ${f.status} right now`;
      return f.status === 'offline' ? 'offline' : `${f.status} right now`;
    case 'speed':
      return `${f.op === 'above' ? 'faster' : 'slower'} than ${speedText(f.mps, q)}`;
    case 'battery':
      return `${op(f.op)} ${readableNumber(f.percent)}% battery`;
    case 'temperature':
      return `${op(f.op)} ${tempText(f.celsius, q)}`;
    case 'humidity':
      return `${op(f.op)} ${readableNumber(f.percent)}% humidity`;
    case 'last_report':
      return f.op === 'older'
        ? `silent for more than ${hoursText(f.hours)}`
        : `reporting in the last ${hoursText(f.hours)}`;
    case 'not_moved':
      return `not moved in the last ${hoursText(f.hours)}`;
    case 'overdue':
      return "overdue (no report within the model's expected interval)";
    case 'never_reported':
      return 'never reported';
    case 'measure':
      return `with ${measureName(q)} ${op(f.op)} ${valueText(f.value, q)}`;
    case 'geofence':
      return f.geofence === undefined
        ? f.inside
          ? 'inside a geofence'
          : 'outside every geofence'
        : `${f.inside ? 'inside' : 'outside'} the geofence ${r.query.filters.length ? geofenceName(r, f.geofence) : ''}`.trim();
    case 'near':
      return `within ${distanceText(f.km, q)} of ${r.place?.label ?? f.place.text ?? ''}`;
  }
}
const geofenceName = (r: QueryResult, ref: string | number) =>
  typeof ref === 'string' ? ref : (r.geofence_names?.[ref] ?? `#${ref}`);

const hoursText = (h: number) =>
  h <= 48
    ? plural(Math.round(h * 10) / 10, 'hour')
    : h % 168 === 0
      ? plural(h / 168, 'week')
      : plural(Math.round(h / 24), 'day');

/** The answer text and buttons. */
export function answerQuery(r: QueryResult): ScoutModelReply {
  const q = r.query;
  if (r.error) return { text: r.error, toolCalls: [] };
  if (q.measure === 'eta' && r.shipment) return { text: etaText(r.shipment), toolCalls: [] };
  if (q.measure === 'shipments') return { text: shipmentsText(r), toolCalls: [] };
  const buttons: ScoutToolCall[] = [];
  if (q.action === 'show_on_map' && q.area && r.place && q.measure === 'list') {
    buttons.push(
      call('ui_update_map', {
        button_text: `Show ${r.place.label} on the map`,
        center: { lat: r.place.lat, lng: r.place.lng },
        zoom: r.place.geofence ? 14 : 11,
      }),
    );
    return { text: `Here is ${r.place.label} on the map.`, toolCalls: buttons };
  }
  const text =
    (q.action === 'draw_area' ? drawText(r, buttons) : bodyText(r)) + neverReportedText(r);
  addButtons(r, buttons);
  return { text, toolCalls: buttons };
}

function drawText(r: QueryResult, buttons: ScoutToolCall[]) {
  const area = r.area!;
  const g = r.place?.geofence;
  buttons.push(
    call('ui_add_polygon', {
      button_text: `Draw the area around ${area.label}`,
      polygon: area.polygon,
      name: `Around ${area.label}`,
    }),
  );
  if (g)
    return `Here is the area of the geofence ${g.name}${g.address ? ` (${g.address})` : ''} on the map.`;
  const row = r.rows[0];
  if (row && row.name === area.label) {
    const size = r.query.area?.km ? distanceText(r.query.area.km, r.query) : '250 m';
    return `Here is the area of ${size} around ${row.name}'s last position${row.address ? ` (${row.address})` : ''}. You can save it as a geofence.`;
  }
  return `Here is an area of ${distanceText(r.query.area?.km ?? 5, r.query)} around ${area.label}. You can save it as a geofence.`;
}

function bodyText(r: QueryResult): string {
  const q = r.query;
  const n = r.count;
  const one = r.rows.length === 1 && q.subject.trackers?.length === 1 ? r.rows[0]! : undefined;
  const conditions = joinAnd(q.filters.map((f) => filterText(f, q, r)));
  if (q.measure === 'position') return positionText(r);
  if (q.measure === 'status') return statusText(r);
  if (q.measure === 'last_report') return lastReportText(r);
  if (q.measure === 'geofence') return geofenceText(r);
  if (q.measure === 'distance_from') return distanceFromText(r);
  // "Is Truck 43 inside Dallas Hub?": yes or no about the one tracker asked.
  const asked = q.subject.trackers?.length === 1 && !q.subject.previous;
  if (asked && q.measure === 'list' && conditions && !q.action) {
    const who = r.subject;
    return n > 0 ? `Yes: ${who} is ${conditions}.` : `No: ${who} is not ${conditions}.`;
  }
  if (q.action === 'export_csv' && q.measure === 'list') {
    if (n === 0)
      return conditions
        ? `None of the ${r.subject} you can see is ${conditions}, so there is nothing to export.`
        : 'There is nothing to export: no tracker matches.';
    const which =
      q.subject.previous && q.filters.length === 0
        ? ' from my last answer'
        : conditions
          ? ` ${n === 1 ? 'that is' : 'that are'} ${conditions}`
          : '';
    return `Here is a CSV of the ${n === 1 ? 'tracker' : `${n} trackers`}${which}.`;
  }
  if (q.measure === 'list') {
    const who = r.subject === 'of them' ? 'of them' : r.subject;
    if (!conditions) {
      return n === 0
        ? `You can see no ${who}.`
        : `${q.aggregate.kind === 'count' ? '' : ''}You can see ${n} ${who}: ${names(
            r.rows.map((x) => x.name),
            n,
          )}.`;
    }
    const be = n === 1 ? 'is' : 'are';
    const subjectWords =
      r.subject === 'of them'
        ? `${n} of them`
        : `${n} ${n === 1 ? singularOf(r.subject) : r.subject}`;
    if (n === 0)
      return `None of the ${r.subject === 'of them' ? 'trackers of my last answer' : r.subject} you can see ${q.filters.length === 1 && q.filters[0]!.kind === 'not_moved' ? 'has' : 'is'} ${conditions}.`.replace(
        'is not moved',
        'has not moved',
      );
    const perfect = conditions.startsWith('not moved') || conditions.startsWith('never');
    const verb = perfect ? (n === 1 ? 'has' : 'have') : be;
    // Asked by battery, each tracker says its own: 'Bravo Van (12%)'.
    const byBattery = q.filters.some((f) => f.kind === 'battery');
    const label = (x: QueryRow) =>
      byBattery && x.battery !== null ? `${x.name} (${Math.round(x.battery)}%)` : x.name;
    return `${subjectWords} ${verb} ${conditions}: ${names(r.rows.map(label), n)}.`;
  }
  const range = r.range ? ` ${r.range.label}` : '';
  const among = conditions ? ` (${conditions})` : '';
  if (one) {
    if (one.value === null)
      return `${one.name} has not reported its ${measureName(q)}${range ? range : ''}.`;
    // "Van 38: 6 trips this week", "Truck 43: distance driven 412 mi last week".
    const counted = q.measure === 'trips' || q.measure === 'stops';
    return `${one.name}: ${counted ? '' : `${measureName(q)} `}${valueText(one.value, q)}${range}${perDayText(r)}${q.time.kind === 'now' ? ` (reported ${when(one.last_fix)})` : ''}.`;
  }
  if (r.rows.length === 0)
    return `None of the ${r.subject} you can see${among} has a ${measureName(q)} to report${range}.`;
  const listed = r.rows.map(
    (x) => `${x.name} ${x.value === null ? 'unknown' : valueText(x.value, q)}`,
  );
  const agg = q.aggregate;
  if (agg.kind === 'top' || agg.kind === 'max') {
    if (r.rows.length === 1)
      return `${r.rows[0]!.name} has the highest ${measureName(q)}${range}${among}: ${valueText(r.rows[0]!.value!, q)}.`;
    return `The ${r.rows.length} ${r.subject} with the highest ${measureName(q)}${range}${among}: ${joinAnd(listed)}.`;
  }
  if (agg.kind === 'min')
    return `${r.rows[0]!.name} has the lowest ${measureName(q)}${range}${among}: ${valueText(r.rows[0]!.value!, q)}.`;
  if (agg.kind === 'avg' && r.total != null)
    return `The average ${measureName(q)} of ${plural(n, 'tracker')}${range}${among} is ${valueText(r.total, q)}.`;
  if ((agg.kind === 'sum' || r.range) && r.total != null) {
    return `${plural(n, singularOf(r.subject), r.subject)}${among}: ${measureName(q)} ${valueText(r.total, q)} in total${range}${perDayText(r)}. ${names(listed, n)}.`;
  }
  return `${measureName(q)[0]!.toUpperCase()}${measureName(q).slice(1)} of ${plural(n, singularOf(r.subject), r.subject)}${among}: ${names(listed, n)}.`;
}

/** "Truck 07 is the closest to Dallas Hub: 1.2 mi away", from each one's last position. */
function distanceFromText(r: QueryResult) {
  const q = r.query;
  const from = r.place!.label;
  const among = q.filters.length ? ` (${joinAnd(q.filters.map((f) => filterText(f, q, r)))})` : '';
  const away = (x: QueryRow) => `${x.name} ${valueText(x.value!, q)}`;
  const rows = r.rows.filter((x) => x.value !== null);
  if (rows.length === 0) {
    const who = q.subject.trackers?.length === 1 ? r.subject : `the ${r.subject} you can see`;
    return `None of ${who}${among} has reported a position yet, so I cannot tell how far from ${from} it is.`;
  }
  if (q.aggregate.kind !== 'min') {
    if (rows.length === 1)
      return `${rows[0]!.name} is ${valueText(rows[0]!.value!, q)} from ${from} (its last position, reported ${when(rows[0]!.last_fix)}).`;
    return `Distance from ${from} of ${plural(r.count, singularOf(r.subject), r.subject)}${among}, by their last positions: ${names(rows.map(away), r.count)}.`;
  }
  if (rows.length === 1)
    return `${rows[0]!.name} is the closest${among} to ${from}: ${valueText(rows[0]!.value!, q)} away (its last position, reported ${when(rows[0]!.last_fix)}).`;
  return `The ${rows.length} ${r.subject}${among} closest to ${from}, by their last positions: ${joinAnd(rows.map(away))}.`;
}

/** Beside a "silent for" or "not moved" list: the trackers of nothing known yet. */
const neverReportedText = (r: QueryResult) =>
  r.never_reported?.length
    ? ` ${joinAnd(r.never_reported.slice(0, NAMED_MAX))}${r.never_reported.length > NAMED_MAX ? ` and ${r.never_reported.length - NAMED_MAX} more` : ''} ${r.never_reported.length === 1 ? 'has' : 'have'} never reported.`
    : '';

const singularOf = (subject: string) => subject.replace(/^trackers/, 'tracker').replace(/s$/, '');

function perDayText(r: QueryResult) {
  if (!r.per_day?.length) return '';
  return `; per day: ${r.per_day.map((d) => `${d.day} ${valueText(d.value, r.query)}`).join(', ')}`;
}

function measureName(q: FleetQuery) {
  return (
    {
      distance: 'distance driven',
      driving_time: 'driving time',
      idle_time: 'idle time',
      trips: 'trips',
      stops: 'stops',
    }[q.measure as string] ?? q.measure
  );
}

function positionText(r: QueryResult) {
  const t = r.rows[0];
  if (!t) return 'None of the trackers you asked about has reported a position yet.';
  if (r.rows.length > 1)
    return `Here are the last positions of ${plural(r.count, 'tracker')}: ${names(
      r.rows.map((x) => `${x.name} (${x.address ?? `${x.lat?.toFixed(4)}, ${x.lng?.toFixed(4)}`})`),
      r.count,
    )}.`;
  if (t.lat === null || t.lng === null) return `${t.name} has not reported a position yet.`;
  const place = `${t.address ? `${t.address} ` : ''}(${t.lat.toFixed(5)}, ${t.lng.toFixed(5)})`;
  const inside = t.inside?.length ? ` It is inside ${joinAnd(t.inside)}.` : '';
  const battery = t.battery !== null ? ` Battery ${Math.round(t.battery)}%.` : '';
  return `${t.name}'s last position is ${place}, reported ${when(t.last_fix)}.${inside}${battery}`;
}

function etaText(s: ShipmentRow) {
  const on = s.tracker ? ` (${s.tracker})` : '';
  if (s.status === 'completed' || s.status === 'completed-late')
    return `${s.name}${on} arrived${s.ended_at ? ` at ${when(s.ended_at)}` : ''}: it is ${s.status.replace('-', ' ')} (it was due at ${when(s.end_at)}).`;
  if (s.estimated_end_at)
    return `${s.name}${on} is expected to arrive at ${when(s.estimated_end_at)}; it is due at ${when(s.end_at)} (${s.status.replace('-', ' ')}).`;
  return `${s.name}${on} has no predicted arrival yet; it is due at ${when(s.end_at)} (${s.status.replace('-', ' ')}).`;
}

const oneAsked = (q: FleetQuery) => q.subject.trackers?.length === 1 && !q.subject.previous;

function addButtons(r: QueryResult, buttons: ScoutToolCall[]) {
  const q = r.query;
  const ids = r.device_ids;
  const located = r.rows.filter(
    (x): x is QueryRow & { lat: number; lng: number } => x.lat !== null && x.lng !== null,
  );
  if (q.action === 'draw_area') return;
  if (q.measure === 'position' || q.action === 'show_on_map' || q.action === 'open') {
    if (located.length === 1) {
      const t = located[0]!;
      buttons.push(
        call('ui_update_map', {
          button_text: `Show ${t.name} on the map`,
          center: { lat: t.lat, lng: t.lng },
          zoom: 15,
          device_ids: [t.id],
        }),
      );
    } else if (located.length > 1) {
      buttons.push(
        call('ui_update_map', {
          button_text: 'Show on the map',
          bounds: boundsOf(located),
          device_ids: ids,
        }),
      );
    }
  }
  if (
    ids.length > 0 &&
    (q.measure !== 'position' || q.action === 'open' || q.action === 'filter_list') &&
    // One tracker's own measure (its trips, its battery): the list of one adds nothing.
    !(oneAsked(q) && !['list', 'position'].includes(q.measure) && !q.action)
  ) {
    buttons.push(
      call('ui_filter_devices', {
        button_text: `Show ${ids.length === 1 ? 'this tracker' : `these ${ids.length} trackers`} in the list`,
        device_ids: ids,
      }),
    );
  }
  if (q.action === 'export_csv' && ids.length > 0) {
    buttons.push(
      call('ui_create_file', {
        button_text: 'Download CSV',
        file_name: 'trackers.csv',
        device_ids: ids,
      }),
    );
  }
}

const STATUS_WORDS: Record<string, string> = {
  'not-started': 'not started',
  'in-progress': 'in progress',
  'running-late': 'running late',
  completed: 'delivered',
  'completed-late': 'delivered late',
};

function shipmentsText(r: QueryResult) {
  const list = r.shipments ?? [];
  const statuses = r.query.shipment_statuses;
  const which = statuses ? joinOr([...new Set(statuses.map((x) => STATUS_WORDS[x]!))]) : '';
  if (list.length === 0) return statuses ? `No shipment is ${which}.` : 'You have no shipments.';
  const line = (s: ShipmentRow) => {
    const on = s.tracker ? ` (${s.tracker})` : '';
    const done = s.status === 'completed' || s.status === 'completed-late';
    const time = done
      ? `arrived ${when(s.ended_at)}`
      : s.estimated_end_at
        ? `expected ${when(s.estimated_end_at)}`
        : `due ${when(s.end_at)}`;
    return `${s.name}${on}, ${STATUS_WORDS[s.status] ?? s.status}, ${time}`;
  };
  const head = statuses
    ? `${plural(list.length, 'shipment is', 'shipments are')} ${which}`
    : `You have ${plural(list.length, 'shipment')}`;
  return `${head}: ${list.slice(0, NAMED_MAX).map(line).join('; ')}${list.length > NAMED_MAX ? `; and ${list.length - NAMED_MAX} more` : ''}.`;
}
const joinOr = (items: string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

const STATUS_TEXT = { moving: 'moving', stopped: 'stopped', offline: 'offline' } as const;

function statusText(r: QueryResult) {
  const q = r.query;
  if (r.rows.length === 0) return `None of the ${r.subject} you can see matches.`;
  const one = (x: QueryRow) => {
    if (x.last_fix === null) return `${x.name} is offline: it has never reported`;
    const at = `last report ${when(x.last_fix)}`;
    if (x.status === 'moving')
      return `${x.name} is moving${x.speed !== null ? ` at ${speedText(x.speed, q)}` : ''} (${at})`;
    // Stopped: since when, which answers "how long has it been parked?" too.
    const since =
      x.status === 'stopped' && x.moved_at
        ? ` since ${when(x.moved_at)} (${ago(x.moved_at).replace(' ago', '')})`
        : '';
    return `${x.name} is ${STATUS_TEXT[x.status]}${since} (${at})`;
  };
  if (r.rows.length === 1) return `${one(r.rows[0]!)}.`;
  return `${r.rows.map(one).join('; ')}.`;
}

function lastReportText(r: QueryResult) {
  if (r.rows.length === 0) return `None of the ${r.subject} you can see matches.`;
  const one = (x: QueryRow) =>
    x.last_fix === null
      ? `${x.name} has never reported`
      : `${x.name} last reported at ${when(x.last_fix)} (${ago(x.last_fix)})`;
  return `${r.rows.slice(0, NAMED_MAX).map(one).join('; ')}.`;
}
function ago(iso: string) {
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  if (minutes < 48 * 60) return `${plural(Math.round(minutes / 60), 'hour')} ago`;
  return `${plural(Math.round(minutes / 1440), 'day')} ago`;
}

function geofenceText(r: QueryResult) {
  if (r.rows.length === 0) return `None of the ${r.subject} you can see matches.`;
  const one = (x: QueryRow) => {
    if (x.lat === null) return `${x.name} has not reported a position yet`;
    if (x.inside?.length) return `${x.name} is inside ${joinAnd(x.inside)}`;
    return `${x.name} is not inside any geofence${x.address ? ` (last position ${x.address})` : ''}`;
  };
  return `${r.rows.slice(0, NAMED_MAX).map(one).join('; ')}.`;
}
