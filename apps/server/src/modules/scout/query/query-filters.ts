import type { FleetQuery, QueryFilter, QueryMeasure, QueryTime } from './fleet-query';
import { hasWord } from './query-words';

/**
 * The filters and the measure a question says, read from its words once the account's names
 * are taken out (so "Truck 43" is never "above 43"): moving, stopped, offline or never
 * reported now; not moved for a while; battery, temperature, humidity and speed against a
 * number in the user's units; and what is measured (status, last report, distance, driving
 * or idle time, trips, stops, top speed, battery, temperature, humidity, speed).
 */
export interface FiltersRead {
  filters: QueryFilter[];
  measure?: QueryMeasure;
  /** The status itself was asked ("parked or driving", "what is the status of …"). */
  statusAsked: boolean;
}

const KMH = 1 / 3.6;
const MPH = 0.44704;
const HOURS: Record<string, number> = { minute: 1 / 60, hour: 1, day: 24, week: 168, month: 720 };

/** A duration in hours: "3 days", "a day", "48 hours", "since yesterday". */
function hoursOf(text: string): number | undefined {
  const m = /\b(\d+(?:\.\d+)?|an?|one) (minute|hour|day|week|month)s?\b/.exec(text);
  if (m && !/\bago\b/.test(text.slice(m.index + m[0].length, m.index + m[0].length + 5)))
    return (/\d/.test(m[1]!) ? Number(m[1]) : 1) * HOURS[m[2]!]!;
  if (/\bsince yesterday\b/.test(text)) return 24;
  return undefined;
}

/** "in the last hour", "within the past 2 hours": how recent, in hours; else undefined. */
function recentHours(text: string, duration: number | undefined): number | undefined {
  if (!/\b(in|within|during|over) the (last|past)\b/.test(text)) return undefined;
  const unit = /\b(?:last|past) (hour|day|week)\b/.exec(text)?.[1];
  return duration ?? (unit ? HOURS[unit] : undefined);
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
    const word = m[0].split(/ -?\d/)[0]!;
    found.push({ op: ABOVE.test(word) ? 'above' : 'below', value: Number(m[3]), unit: m[4] ?? '' });
  }
  return found;
}

export function readFilters(
  text: string,
  freeText: string,
  free: string[],
  ctx: { time: QueryTime | undefined; units: FleetQuery['units'] },
): FiltersRead {
  const { time, units } = ctx;
  const filters: QueryFilter[] = [];
  const hasFree = (...w: string[]) => hasWord(free, ...w);
  let measure: QueryMeasure | undefined;
  const now = /\b(now|right now|rn|currently|at the moment|atm|at present)\b/.test(text);
  const duration = hoursOf(freeText);
  const statusAsked =
    /\b(status|state)\b/.test(freeText) ||
    /\b(parked|stopped|moving|driving|idle) or (driving|moving|parked|stopped|offline)\b/.test(
      freeText,
    ) ||
    /\bwhat is \w* ?doing\b/.test(freeText);

  // Now or over a while: moving, stopped, not moved, offline, never reported.
  // "not moving" now: stopped or offline, every status but moving.
  const notMovingNow =
    /\b(is|are|that|which|who|currently|now) (not|never) moving\b|\bnot moving (right now|now|currently|at the moment)\b/.test(
      freeText,
    ) && !hoursOf(freeText);
  const notMoved =
    /\bnot (been )?(moved|moving|move|budged|driven|travelled|traveled|left)\b/.test(freeText) ||
    /\b(stationary|parked|idle|sitting|static)\b/.test(freeText);
  const idleMeasure =
    /\b(idle|idling) (time|hours)\b|\bhow long\b.*\bidl/.test(freeText) ||
    (/\bidl(e|ed|ing)\b/.test(freeText) && !!time);
  const drivingNow =
    /\b(moving|in motion|on the road|en route|underway|driving now|on the move)\b/.test(freeText) &&
    !/\bnot moving\b/.test(freeText);
  if (notMovingNow) {
    filters.push({ kind: 'motion', status: 'moving', not: true });
  } else if (drivingNow && !(time && /\bon the road\b/.test(freeText))) {
    filters.push({ kind: 'motion', status: 'moving' });
  } else if (/\b(are|is)( currently| now)? (driving|travell?ing)\b/.test(freeText) && !time) {
    filters.push({ kind: 'motion', status: 'moving' });
  } else if (notMoved && !idleMeasure) {
    if ((now || !duration) && !/\bmoved\b/.test(freeText))
      filters.push({ kind: 'motion', status: 'stopped' });
    else filters.push({ kind: 'not_moved', hours: duration ?? 24 });
  } else if (
    /\bstopped\b/.test(freeText) &&
    !/\bstopped (reporting|sending|updating)\b/.test(freeText)
  ) {
    // "stopped for more than 2 hours" is how long, not only whether.
    const forHow = duration && /\bfor (more than |over |at least )?\d/.test(freeText);
    filters.push(
      forHow ? { kind: 'not_moved', hours: duration } : { kind: 'motion', status: 'stopped' },
    );
  }
  const recent = recentHours(freeText, duration);
  const reportWords =
    /\b(report|reported|reporting|ping|pinged|checked in|check in|updated|update|sent|sending|heard|seen|contact)\b/.test(
      freeText,
    );
  if (
    /\bnever\b/.test(freeText) &&
    (reportWords || /\b(connected|online|activated)\b/.test(freeText))
  ) {
    filters.push({ kind: 'never_reported' });
  } else if (
    reportWords &&
    /\bnot\b|\bstopped\b|\bmissed\b|\bno\b|\bsilent\b/.test(freeText) &&
    duration
  ) {
    filters.push({ kind: 'last_report', op: 'older', hours: duration });
  } else if (
    /\b(overdue|silent|missed (their|its|an|the)? ?update|late)\b/.test(freeText) ||
    (reportWords && /\bnot\b|\bstopped\b|\bmissed\b/.test(freeText))
  ) {
    // Overdue: a report missed after earlier ones (one that never reported is not overdue).
    filters.push({ kind: 'overdue' });
  } else if (/\b(offline|gone dark|dead|disconnected|not connected)\b/.test(freeText)) {
    // Offline: the trackers list's chip (overdue, or never reported).
    filters.push({ kind: 'motion', status: 'offline' });
  } else if (reportWords && recent) {
    filters.push({ kind: 'last_report', op: 'newer', hours: recent });
  } else if (/\bonline\b/.test(freeText)) {
    // Online: every chip but offline (a single tracker's "online?" is its status).
    filters.push({ kind: 'motion', status: 'offline', not: true });
    return { filters, measure: 'list', statusAsked: true };
  }
  if (
    /\b(last|latest|most recent)\b.*\b(report|ping|update|fix|seen|heard|contact|check in)\b|\bwhen did\b.*\b(report|ping|update|check in|send)\b|\blast (seen|heard)\b/.test(
      freeText,
    )
  )
    measure = 'last_report';

  // Sensors against a number, or asked for.
  const cmps = comparisons(freeText);
  const battery = hasFree('battery', 'batt', 'charge', 'charging', 'power');
  const temperature =
    hasFree('temperature', 'temp', 'degree', 'degf', 'degc', 'fahrenheit', 'celsius') ||
    /\b(hot|cold|warm|warmer|colder|hotter|cooler)\b/.test(freeText);
  const humidity = hasFree('humidity', 'humid');
  const speed = hasFree('speed', 'mph', 'kmh', 'fast', 'speeding', 'faster', 'slower');
  for (const c of cmps) {
    const u = c.unit;
    if (u === 'percent' && humidity) filters.push({ kind: 'humidity', op: c.op, percent: c.value });
    else if (u === 'percent' || (battery && !temperature && !u.startsWith('deg'))) {
      filters.push({ kind: 'battery', op: c.op, percent: c.value });
    } else if (
      ['degf', 'degc', 'degree', 'degrees', 'f', 'c', 'fahrenheit', 'celsius'].includes(u) ||
      temperature
    ) {
      const metric =
        u === 'degc' ||
        u === 'c' ||
        u === 'celsius' ||
        (!u.startsWith('degf') && u !== 'f' && u !== 'fahrenheit' && units === 'metric');
      filters.push({
        kind: 'temperature',
        op: c.op,
        celsius: metric ? c.value : ((c.value - 32) * 5) / 9,
      });
    } else if (u === 'mph' || u === 'kmh' || speed) {
      const kmh = u === 'kmh' || (u !== 'mph' && units === 'metric');
      filters.push({ kind: 'speed', op: c.op, mps: c.value * (kmh ? KMH : MPH) });
    }
  }
  const filtered = (kind: QueryFilter['kind']) => filters.some((f) => f.kind === kind);
  if (battery && !filtered('battery')) {
    if (
      /\b(low|weak|dying|running out|need charging|needs charging|flat|almost empty|drained|critical)\b/.test(
        freeText,
      ) ||
      hasFree('low')
    ) {
      filters.push({ kind: 'battery', op: 'below', percent: 20 });
    } else measure = 'battery';
  }
  if (temperature && !filtered('temperature')) measure = 'temperature';
  if (humidity && !filtered('humidity')) measure = 'humidity';

  // Measures over days (the daily summaries).
  const topSpeed =
    /\b(top|max|maximum|highest|fastest) speed\b|\bhow fast did\b|\bfastest\b.*\b(drove|went|go|drive)\b/.test(
      freeText,
    );
  if (speed && !filtered('speed')) {
    if (/\bspeeding\b/.test(freeText)) filters.push({ kind: 'speed', op: 'above', mps: 65 * MPH });
    else if (topSpeed || (time && !(time.kind === 'now'))) measure = 'top_speed';
    else measure = 'speed';
  }
  const driveWords =
    /\b(drive|drove|driven|driving|travel(l)?ed|travel|went|go|gone|covered|cover|mileage|miles|mi|km|kms|kilometers?|kilometres?|distance|far|ground)\b/.test(
      freeText,
    );
  if (
    /\b(driving|drive|engine|moving|road) (time|hours)\b|\bhours? (of )?driving\b|\bhow long\b.*\b(drive|drove|driving|driven|on the road|moving)\b|\bhours?\b.*\bon the road\b|\bhow many hours\b.*\b(drive|drove|driving|driven|moving)\b|\b(drove|driven|drive|driving)\b.*\b\d+(\.\d+)? (hours?|hrs?|minutes?|mins?)\b/.test(
      freeText,
    )
  )
    measure = 'driving_time';
  else if (idleMeasure) measure = 'idle_time';
  else if (/\b(trips?|journeys?|drives)\b/.test(freeText)) measure = 'trips';
  else if (
    /\bstops\b|\bhow many times\b.*\bstop|\bhow many stop\b|\bhow often\b.*\bstop|\bstop(s|ped)? how (many|often)\b|\bcount stop/.test(
      freeText,
    )
  )
    measure = 'stops';
  else if (topSpeed) measure = 'top_speed';
  else if (
    driveWords &&
    !measure &&
    !filters.some((f) => f.kind === 'motion' || f.kind === 'not_moved')
  )
    measure = 'distance';
  if (measure === 'stops' || measure === 'trips' || measure === 'driving_time')
    for (let i = filters.length - 1; i >= 0; i--)
      if (filters[i]!.kind === 'motion') filters.splice(i, 1);
  return { filters, measure, statusAsked };
}
