import type { ApiPosition, ApiReportDetails, ApiStop, ReportEvent } from '@waymark/domain';

export interface FixtureOptions {
  /** How many positions, one every `everySeconds`. */
  positions: number;
  /** How many stops, spread evenly along the track. */
  stops?: number;
  events?: number;
  everySeconds?: number;
  start?: string;
  deviceName?: string;
  includeSensors?: boolean;
}

const START = '2026-03-02T14:00:00.000Z';

/**
 * A report of a tracker driving north-east from Dallas along a straight line at 30 mph,
 * standing still for a while at each of its stops. Built without the database, so the PDF and
 * spreadsheet tests (and the bench) shape it as they need.
 */
export function fixtureReport(options: FixtureOptions): ApiReportDetails {
  const every = options.everySeconds ?? 30;
  const count = options.positions;
  const stopCount = options.stops ?? 0;
  const startMs = Date.parse(options.start ?? START);
  // Each stop holds the tracker still for 10 positions.
  const stopLength = 10;
  const stopAt = new Set<number>();
  for (let s = 0; s < stopCount; s++) {
    const first = Math.floor(((s + 0.5) * count) / stopCount);
    for (let i = 0; i < stopLength && first + i < count; i++) stopAt.add(first + i);
  }

  const positions: ApiPosition[] = [];
  const stops: ApiStop[] = [];
  const speed = 13.4; // m/s, 30 mph
  const degPerStep = (speed * every) / 111_320;
  let lat = 32.7767;
  let lng = -96.797;
  let stopStart = -1;
  for (let i = 0; i < count; i++) {
    const still = stopAt.has(i);
    if (!still && i > 0) {
      // Wrap inside a 2-degree box, so a month of driving stays a sensible map.
      lat = 32.7767 + ((lat - 32.7767 + degPerStep * 0.6) % 2);
      lng = -96.797 + ((lng + 96.797 + degPerStep * 0.8) % 2);
    }
    const timestamp = new Date(startMs + i * every * 1000).toISOString();
    positions.push({
      device_id: 7,
      location: [lng, lat],
      lat,
      lng,
      timestamp,
      fix: 'gps',
      speed: still ? 0 : speed,
      course: 53,
      altitude: 140,
      accuracy: 5,
      battery: 100 - Math.floor((i * 50) / Math.max(count, 1)),
      temperature: options.includeSensors === false ? null : 21.5,
      humidity: options.includeSensors === false ? null : 40,
      odometer: null,
      address: `${100 + (i % 900)} Main Street, Dallas, TX`,
      is_inside_geofences: false,
    });
    if (still && stopStart < 0) stopStart = i;
    if (stopStart >= 0 && (!stopAt.has(i + 1) || i + 1 === count)) {
      stops.push({
        start_time: positions[stopStart]!.timestamp,
        end_time: timestamp,
        radius: 0.1,
        location: [lng, lat],
        address: `Stop ${stops.length + 1}, ${200 + stops.length} Elm Street, Dallas, TX`,
      });
      stopStart = -1;
    }
  }

  const events: ReportEvent[] = [];
  for (let e = 0; e < (options.events ?? 0); e++) {
    const p = positions[Math.floor((e * count) / Math.max(options.events ?? 1, 1))]!;
    events.push({
      id: e + 1,
      created_at: p.timestamp,
      description: `Battery below ${20 - (e % 10)}%`,
      event_type: 'low_battery',
      lat: p.lat,
      lng: p.lng,
      address: p.address,
    });
  }

  const stoppedSeconds = stops.reduce(
    (sum, s) => sum + (Date.parse(s.end_time) - Date.parse(s.start_time)) / 1000,
    0,
  );
  const movingSeconds = Math.max(count - 1, 0) * every - stoppedSeconds;
  const distanceMiles = ((count - stopAt.size) * speed * every) / 1609.344;
  const end = positions.at(-1)?.timestamp ?? options.start ?? START;
  return {
    id: 41,
    uuid: '5f0c6c1e-8a5b-4c1e-9d64-2b1f3c4d5e6f',
    is_public: true,
    start_at: options.start ?? START,
    end_at: end,
    created_at: end,
    include_positions: true,
    include_sensors: options.includeSensors ?? true,
    include_alerts: true,
    include_geofence_name: true,
    device: { id: 7, name: options.deviceName ?? 'Truck 12', account_id: 3 },
    positions,
    stops,
    events,
    summary: {
      distance_miles: distanceMiles,
      moving_seconds: movingSeconds,
      stopped_seconds: stoppedSeconds,
      stops: stops.length,
      max_mph: count > stopAt.size ? 30 : 0,
      avg_mph: movingSeconds > 0 ? distanceMiles / (movingSeconds / 3600) : 0,
    },
  };
}
