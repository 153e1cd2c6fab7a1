import type { ScoutModelReply, ScoutToolCall } from '../scout-model';
import type { TrackerSummary } from '../scout-tool';
import { circlePolygon, boundsOf } from '../scout-geometry';
import { call } from './offline-plan';
import type { Reading } from './offline-reading';
import { OFFLINE_TEXTS } from './offline-texts';

/** How many names an answer spells out before "and N more". */
const NAMED_MAX = 10;
const MAP_ZOOM = 15;
const AREA_RADIUS_KM = 0.25;

interface TrackerListResult {
  count: number;
  device_ids: number[];
  trackers: TrackerSummary[];
  error?: string;
  geofence?: { id: number; name: string } | null;
  group?: { name: string };
  below?: number;
  hours?: number;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function names(list: string[], total: number) {
  const shown = list.slice(0, NAMED_MAX);
  const rest = total - shown.length;
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : joinAnd(shown);
}

function joinAnd(items: string[]) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function when(iso: string | null) {
  if (!iso) return 'never';
  const d = new Date(iso);
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A period as people say it: hours up to two days, then days or weeks. */
function period(hours: number) {
  if (hours <= 48) return plural(Math.round(hours * 10) / 10, 'hour');
  if (hours % 168 === 0) return plural(hours / 168, 'week');
  if (hours % 24 === 0) return plural(hours / 24, 'day');
  return plural(hours, 'hour');
}

/** An answer naming trackers, with the button that filters the list to them (or a CSV). */
function trackersAnswer(
  result: TrackerListResult,
  what: (n: number) => string,
  none: string,
  reading: Reading,
  describe: (t: TrackerSummary) => string = (t) => t.name,
): ScoutModelReply {
  if (result.error) return { text: result.error, toolCalls: [] };
  const n = result.count;
  if (n === 0) return { text: none, toolCalls: [] };
  const text = `${what(n)}: ${names(result.trackers.map(describe), n)}.`;
  const buttons: ScoutToolCall[] = [
    call('ui_filter_devices', {
      button_text: `Show ${n === 1 ? 'this tracker' : `these ${n} trackers`} in the list`,
      device_ids: result.device_ids,
    }),
  ];
  if (reading.wantsCsv) {
    buttons.push(
      call('ui_create_file', {
        button_text: OFFLINE_TEXTS.downloadCsv,
        file_name: 'trackers.csv',
        device_ids: result.device_ids,
      }),
    );
  }
  return { text, toolCalls: buttons };
}

const are = (n: number) => (n === 1 ? 'tracker is' : 'trackers are');

/** The answer written from the tools' results (by tool name). */
export function compose(reading: Reading, results: Map<string, unknown>): ScoutModelReply {
  const r = reading;
  const list = (name: string) => results.get(name) as TrackerListResult;
  switch (r.intent) {
    case 'not_moved': {
      const hours = list('trackers_not_moved').hours ?? 24;
      return trackersAnswer(
        list('trackers_not_moved'),
        (n) =>
          `${plural(n, 'tracker has', 'trackers have')} not moved in the last ${period(hours)}`,
        `Every tracker you can see has moved in the last ${period(hours)}.`,
        r,
      );
    }
    case 'overdue':
      return trackersAnswer(
        list('trackers_overdue'),
        (n) => `${n} ${are(n)} overdue (no report within the model's expected interval)`,
        'No tracker is overdue: every one has reported within its expected interval.',
        r,
        (t) => `${t.name} (last report ${when(t.last_fix)})`,
      );
    case 'low_battery': {
      const below = list('trackers_low_battery').below ?? 20;
      return trackersAnswer(
        list('trackers_low_battery'),
        (n) => `${n} ${are(n)} below ${below}% battery`,
        `No tracker is below ${below}% battery.`,
        r,
        (t) => `${t.name} (${Math.round(t.battery ?? 0)}%)`,
      );
    }
    case 'outside_geofence':
    case 'inside_geofence': {
      const result = list('trackers_by_geofence');
      const inside = r.intent === 'inside_geofence';
      const where = result.geofence
        ? `${inside ? 'inside' : 'outside'} the geofence ${result.geofence.name}`
        : inside
          ? 'inside a geofence'
          : 'outside every geofence';
      return trackersAnswer(result, (n) => `${n} ${are(n)} ${where}`, `No tracker is ${where}.`, r);
    }
    case 'in_group': {
      const result = list('trackers_in_group');
      const group = result.group?.name ?? '';
      return trackersAnswer(
        result,
        (n) => `The group ${group} has ${plural(n, 'tracker')} you can see`,
        `The group ${group} has no tracker you can see.`,
        r,
      );
    }
    case 'list_trackers':
      return trackersAnswer(
        list('search_trackers'),
        (n) => `You can see ${plural(n, 'tracker')}`,
        'You cannot see any tracker in this account.',
        r,
      );
    case 'show_on_map':
    case 'where_is':
    case 'draw_area':
      return located(r, results);
    case 'history':
      return history(results.get('tracker_history') as HistoryResult);
    case 'late_shipments':
    case 'shipments':
      return shipments(r, results.get('list_shipments') as ShipmentsResult);
    case 'events':
      return events(results.get('recent_events') as EventsResult, r.hours ?? 24);
    case 'dwell':
      return dwell(results.get('dwell_times') as DwellResult);
    case 'list_geofences': {
      const g = results.get('list_geofences') as { count: number; geofences: { name: string }[] };
      return {
        text: g.count
          ? `The account has ${plural(g.count, 'geofence')}: ${names(
              g.geofences.map((x) => x.name),
              g.count,
            )}.`
          : 'The account has no geofences yet.',
        toolCalls: [],
      };
    }
    case 'confirm': {
      const c = results.get('create_geofence') as { created?: { name: string }; error?: string };
      return {
        text: c.created ? `I created the geofence "${c.created.name}".` : (c.error ?? ''),
        toolCalls: [],
      };
    }
    default:
      return { text: OFFLINE_TEXTS.cannotAnswer, toolCalls: [] };
  }
}

type Located = TrackerSummary & { geofences?: { name: string }[]; error?: string };

function located(r: Reading, results: Map<string, unknown>): ScoutModelReply {
  if (results.has('search_trackers')) {
    // "Show these on the map": the trackers of the last answer.
    const all = results.get('search_trackers') as TrackerListResult;
    const bounds = boundsOf(
      all.trackers.filter((t) => t.lat !== null) as { lat: number; lng: number }[],
    );
    return {
      text: 'Here they are on the map.',
      toolCalls: bounds ? [call('ui_update_map', { button_text: 'Show on the map', bounds })] : [],
    };
  }
  const t = results.get('tracker_location') as Located;
  if (t.error)
    return {
      text: r.trackerWords ? OFFLINE_TEXTS.notFound(r.trackerWords) : t.error,
      toolCalls: [],
    };
  if (t.lat === null || t.lng === null) {
    return { text: `${t.name} has not reported a position yet.`, toolCalls: [] };
  }
  const centre = { lat: t.lat, lng: t.lng };
  if (r.intent === 'draw_area') {
    return {
      text: `Here is the area of ${AREA_RADIUS_KM * 1000} m around ${t.name}'s last position${t.address ? ` (${t.address})` : ''}. You can save it as a geofence.`,
      toolCalls: [
        call('ui_add_polygon', {
          button_text: `Draw the area around ${t.name}`,
          polygon: circlePolygon(centre, AREA_RADIUS_KM),
          name: `Around ${t.name}`,
        }),
      ],
    };
  }
  const inside = t.geofences?.length
    ? ` It is inside ${joinAnd(t.geofences.map((g) => g.name))}.`
    : '';
  const battery = t.battery !== null ? ` Battery ${Math.round(t.battery)}%.` : '';
  const place = `${t.address ? `${t.address} ` : ''}(${t.lat.toFixed(5)}, ${t.lng.toFixed(5)})`;
  return {
    text: `${t.name}'s last position is ${place}, reported ${when(t.last_fix)}.${inside}${battery}`,
    toolCalls: [
      call('ui_update_map', {
        button_text: `Show ${t.name} on the map`,
        center: centre,
        zoom: MAP_ZOOM,
        device_ids: [t.id],
      }),
    ],
  };
}

interface HistoryResult {
  error?: string;
  tracker: { name: string };
  hours: number;
  positions: number;
  distance_km: number;
  first: { time: string; address: string | null } | null;
  last: { time: string; address: string | null } | null;
}

function history(h: HistoryResult): ScoutModelReply {
  if (h.error) return { text: h.error, toolCalls: [] };
  if (h.positions === 0) {
    return {
      text: `${h.tracker.name} reported no position in the last ${period(h.hours)}.`,
      toolCalls: [],
    };
  }
  const from = h.first?.address ? ` from ${h.first.address}` : '';
  const to = h.last?.address ? ` to ${h.last.address}` : '';
  return {
    text: `In the last ${period(h.hours)} ${h.tracker.name} reported ${plural(h.positions, 'position')} and covered about ${h.distance_km} km${from}${to}.`,
    toolCalls: [],
  };
}

interface ShipmentsResult {
  error?: string;
  count: number;
  shipments: { name: string; status: string; tracker: { name: string } | null; end_at: string }[];
}

function shipments(r: Reading, s: ShipmentsResult): ScoutModelReply {
  if (s.error) return { text: s.error, toolCalls: [] };
  const late = r.intent === 'late_shipments';
  if (s.count === 0) {
    return {
      text: late ? 'No shipment is running late.' : 'You have no shipments.',
      toolCalls: [],
    };
  }
  const listed = s.shipments.map(
    (x) =>
      `${x.name}${x.tracker ? ` (${x.tracker.name})` : ''}${late ? `, due ${when(x.end_at)}` : `: ${x.status}`}`,
  );
  return {
    text: late
      ? `${plural(s.count, 'shipment is', 'shipments are')} running late: ${names(listed, s.count)}.`
      : `You have ${plural(s.count, 'shipment')}: ${names(listed, s.count)}.`,
    toolCalls: [],
  };
}

interface EventsResult {
  error?: string;
  count: number;
  events: { description: string; created_at: string; device?: { name: string } }[];
}

function events(e: EventsResult, hours: number): ScoutModelReply {
  if (e.error) return { text: e.error, toolCalls: [] };
  if (e.count === 0) return { text: `No alerts in the last ${period(hours)}.`, toolCalls: [] };
  const listed = e.events.map((x) => `${x.description} (${when(x.created_at)})`);
  return {
    text: `${plural(e.count, 'alert')} in the last ${period(hours)}: ${names(listed, e.count)}.`,
    toolCalls: [],
  };
}

interface DwellResult {
  error?: string;
  geofences: { name: string; devices_count: number; avg_time: number | null }[];
}

function dwell(d: DwellResult): ScoutModelReply {
  if (d.error) return { text: d.error, toolCalls: [] };
  if (d.geofences.length === 0)
    return { text: 'There are no geofences to report dwell for.', toolCalls: [] };
  const listed = d.geofences.map(
    (g) =>
      `${g.name}: ${plural(g.devices_count, 'tracker')} inside now${
        g.avg_time === null
          ? ''
          : `, visits of ${period(Math.round(g.avg_time / 360) / 10)} on average`
      }`,
  );
  return {
    text: `Dwell over the last 30 days: ${names(listed, d.geofences.length)}.`,
    toolCalls: [],
  };
}
