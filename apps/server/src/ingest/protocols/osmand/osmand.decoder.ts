import { ProtocolError } from '../types';
import type { RawPosition } from '@waymark/domain';
import { attributeValue, checkCoordinates, parseNumber, parseTimestamp } from './osmand.fields';
import { decodeTraccarClientJson } from './osmand.client-json';

/**
 * OsmAnd / Traccar Client over HTTP (port 5055). The OsmAnd protocol (Traccar "OsmAnd" protocol
 * page) sends one fix as query or form parameters; Traccar Client 5 posts JSON instead.
 * Pure: the listener parses the HTTP request and answers with `status`; a ProtocolError means 400.
 */
export interface OsmAndRequest {
  method: string;
  query: Record<string, string | string[] | undefined>;
  contentType?: string;
  body?: string;
}

export interface OsmAndResult {
  positions: RawPosition[];
  status: 200;
}

export function decodeOsmAnd(request: OsmAndRequest, now: Date): OsmAndResult {
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'POST') {
    throw new ProtocolError(`OsmAnd accepts GET or POST, got ${request.method}`);
  }
  const params = flatten(request.query);
  const body = method === 'POST' ? (request.body ?? '').trim() : '';
  if (body !== '' && (request.contentType?.includes('json') || body.startsWith('{'))) {
    return {
      positions: decodeTraccarClientJson(body, params.get('id') ?? params.get('deviceid')),
      status: 200,
    };
  }
  if (body !== '') {
    for (const [key, value] of new URLSearchParams(body))
      if (!params.has(key)) params.set(key, value);
  }
  return { positions: [decodeParams(params, now)], status: 200 };
}

function flatten(query: OsmAndRequest['query']): Map<string, string> {
  const params = new Map<string, string>();
  for (const [key, value] of Object.entries(query)) {
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (last !== undefined) params.set(key, last);
  }
  return params;
}

function decodeParams(params: Map<string, string>, now: Date): RawPosition {
  const serial = params.get('id') ?? params.get('deviceid');
  if (!serial)
    throw new ProtocolError('OsmAnd request needs the device identifier in "id" or "deviceid"');
  let lat = params.get('lat');
  let lon = params.get('lon');
  const location = params.get('location');
  if ((lat === undefined || lon === undefined) && location) [lat, lon] = location.split(',');
  if (lat === undefined || lon === undefined) {
    throw new ProtocolError(
      'OsmAnd request needs coordinates in "lat" and "lon" (or "location=lat,lon")',
    );
  }
  const position: RawPosition = {
    serial,
    deviceTime: now,
    lat: parseNumber('lat', lat),
    lng: parseNumber('lon', lon),
    valid: true,
    fix: 'gps',
  };
  checkCoordinates(position.lat, position.lng);
  const attributes: NonNullable<RawPosition['attributes']> = {};
  for (const [key, value] of params) {
    switch (key) {
      case 'id':
      case 'deviceid':
      case 'lat':
      case 'lon':
      case 'location':
        break;
      case 'timestamp':
        position.deviceTime = parseTimestamp(value);
        break;
      case 'speed': // knots in the OsmAnd protocol
        position.speed = parseNumber(key, value);
        position.speedUnit = 'knots';
        break;
      case 'bearing':
      case 'heading':
        position.course = parseNumber(key, value);
        break;
      case 'altitude':
        position.altitude = parseNumber(key, value);
        break;
      case 'accuracy':
        position.accuracy = parseNumber(key, value);
        break;
      case 'batt':
        position.battery = parseNumber(key, value);
        break;
      case 'charge':
        position.charging = value === 'true' || value === '1';
        break;
      case 'valid':
        position.valid = value === 'true' || value === '1';
        break;
      case 'ignition':
        position.ignition = value === 'true' || value === '1';
        break;
      case 'temperature':
      case 'temp':
        position.temperature = parseNumber(key, value);
        break;
      case 'humidity':
        position.humidity = parseNumber(key, value);
        break;
      case 'motion':
        position.motion = value === 'true' || value === '1';
        break;
      case 'cell':
        position.cell = parseCell(value);
        break;
      default:
        attributes[key] = attributeValue(value); // hdop, driverUniqueId, rpm, fuel, ...
    }
  }
  if (Object.keys(attributes).length > 0) position.attributes = attributes;
  return position;
}

/** `cell=mcc,mnc,lac,cid[,rssi]`. */
function parseCell(value: string): RawPosition['cell'] {
  const parts = value.split(',');
  if (parts.length < 4)
    throw new ProtocolError(`OsmAnd "cell" must be mcc,mnc,lac,cid, got ${JSON.stringify(value)}`);
  const [mcc, mnc, lac, cid] = parts.slice(0, 4).map((part) => parseNumber('cell', part));
  return { mcc: mcc!, mnc: mnc!, lac: lac!, cid: cid! };
}
