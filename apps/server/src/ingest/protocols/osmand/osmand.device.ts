/**
 * What OsmAnd / Traccar Client sends (the device side of osmand.decoder.ts): one fix as the
 * query string of a GET to port 5055, field names of the Traccar "OsmAnd" protocol page. Pure.
 */
export interface OsmAndReport {
  id: string;
  time: Date;
  lat: number;
  lng: number;
  speedKmh: number;
  /** Degrees 0..359. */
  bearing: number;
  /** Metres. */
  altitude: number;
  /** Metres, radius of the fix's uncertainty. */
  accuracy: number;
  /** Percent 0..100. */
  battery: number;
  charging: boolean;
  /** Traccar Client's alarm parameter (e.g. "sos"). */
  alarm?: string;
  /** Vehicle apps' ignition parameter. */
  ignition?: boolean;
  /** °C and % relative humidity, as sensor bridges add them. */
  temperature?: number;
  humidity?: number;
}

const KMH_PER_KNOT = 1.852;

/** `id=...&timestamp=...&lat=...`: unix seconds, speed in knots, as the protocol defines them. */
export function encodeOsmAndQuery(report: OsmAndReport): string {
  const params = new URLSearchParams({
    id: report.id,
    timestamp: String(Math.floor(report.time.getTime() / 1000)),
    lat: report.lat.toFixed(7),
    lon: report.lng.toFixed(7),
    speed: (report.speedKmh / KMH_PER_KNOT).toFixed(4),
    bearing: report.bearing.toFixed(1),
    altitude: report.altitude.toFixed(1),
    accuracy: report.accuracy.toFixed(1),
    batt: report.battery.toFixed(1),
    charge: String(report.charging),
  });
  if (report.alarm) params.set('alarm', report.alarm);
  if (report.ignition !== undefined) params.set('ignition', String(report.ignition));
  if (report.temperature !== undefined) params.set('temperature', String(report.temperature));
  if (report.humidity !== undefined) params.set('humidity', String(report.humidity));
  return params.toString();
}
