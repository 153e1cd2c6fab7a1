import { ProtocolError } from '../types';
import type { RawPosition } from '@waymark/domain';
import { checkCoordinates, parseTimestamp } from './osmand.fields';

/**
 * The JSON body Traccar Client (5.x, built on transistorsoft background-geolocation) posts:
 * { device_id, location: { timestamp, coords: { latitude, longitude, accuracy, speed (m/s),
 * heading, altitude }, is_moving, odometer, event, battery: { level 0..1, is_charging },
 * activity: { type }, extras } }, as in Traccar's OsmAndProtocolDecoder.decodeJson. `location`
 * may also be an array when the app uploads a batch. The library reports -1 for unknown values.
 */
export function decodeTraccarClientJson(
  body: string,
  fallbackId: string | undefined,
): RawPosition[] {
  let root: unknown;
  try {
    root = JSON.parse(body);
  } catch {
    throw new ProtocolError('OsmAnd JSON body is not valid JSON');
  }
  const rec = asRecord(root);
  const serial = text(rec?.device_id) ?? fallbackId;
  if (!serial) throw new ProtocolError('OsmAnd JSON body has no device_id (and no id parameter)');
  const locations = Array.isArray(rec?.location) ? rec.location : [rec?.location];
  return locations.map((location) => decodeLocation(serial, asRecord(location)));
}

function decodeLocation(
  serial: string,
  location: Record<string, unknown> | undefined,
): RawPosition {
  const coords = asRecord(location?.coords);
  const lat = num(coords?.latitude);
  const lng = num(coords?.longitude);
  if (lat === undefined || lng === undefined) {
    throw new ProtocolError(
      'OsmAnd JSON location needs coords.latitude and coords.longitude as numbers',
    );
  }
  checkCoordinates(lat, lng);
  const timestamp = text(location?.timestamp);
  if (!timestamp) throw new ProtocolError('OsmAnd JSON location needs a timestamp');
  const position: RawPosition = {
    serial,
    deviceTime: parseTimestamp(timestamp),
    lat,
    lng,
    valid: true,
    fix: 'gps',
  };
  const speed = known(coords?.speed);
  if (speed !== undefined) {
    position.speed = speed;
    position.speedUnit = 'mps';
  }
  assign(position, 'course', known(coords?.heading));
  assign(position, 'altitude', num(coords?.altitude));
  assign(position, 'accuracy', known(coords?.accuracy));
  if (typeof location?.is_moving === 'boolean') position.motion = location.is_moving;
  const battery = asRecord(location?.battery);
  const level = known(battery?.level);
  if (level !== undefined) position.battery = Math.round(level * 100);
  if (typeof battery?.is_charging === 'boolean') position.charging = battery.is_charging;

  const attributes: NonNullable<RawPosition['attributes']> = {};
  for (const [key, value] of Object.entries(asRecord(location?.extras) ?? {})) {
    if (['string', 'number', 'boolean'].includes(typeof value))
      attributes[key] = value as string | number | boolean;
  }
  const activity = text(asRecord(location?.activity)?.type);
  if (activity) attributes.activity = activity;
  const event = text(location?.event);
  if (event) attributes.event = event;
  assign(attributes, 'odometer', num(location?.odometer));
  if (location?.mock === true) attributes.mock = true;
  if (Object.keys(attributes).length > 0) position.attributes = attributes;
  return position;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)
    : undefined;
}
function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
/** Numbers where the library uses negative values for "unknown". */
function known(value: unknown): number | undefined {
  const n = num(value);
  return n !== undefined && n >= 0 ? n : undefined;
}
function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  return typeof value === 'number' ? String(value) : undefined;
}
function assign<T extends object, K extends keyof T>(
  target: T,
  key: K,
  value: T[K] | undefined,
): void {
  if (value !== undefined) target[key] = value;
}
