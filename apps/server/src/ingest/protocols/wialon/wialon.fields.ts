import { degreesMinutes, utcTime } from '../ascii-fields';
import { MAX_SPEED_KMH } from '../plausibility';
import { ProtocolError } from '../types';

/**
 * One data record of Wialon IPS: the short form (SD) `date;time;lat1;lat2;lon1;lon2;speed;
 * course;height;sats` and the extended form (D) that adds `hdop;inputs;outputs;adc;ibutton;
 * params`. Any field may be `NA` (not available). A record that does not read gives the answer
 * code the protocol assigns to the field at fault, so the unit knows what the server refused.
 */
export interface WialonRecord {
  /** Absent when the unit sent NA: the server's clock is the record's time (protocol rule). */
  time?: Date;
  lat?: number;
  lng?: number;
  speedKmh?: number;
  course?: number;
  altitude?: number;
  satellites?: number;
  hdop?: number;
  inputs?: number;
  outputs?: number;
  adc?: number[];
  ibutton?: string;
  params: Record<string, number | string>;
}

/** Answer codes of ASD / AD packets (Wialon IPS 2.0, tables of the SD and D packets). */
export const CODE = {
  structure: -1,
  time: 0,
  ok: 1,
  coordinates: 10,
  motion: 11,
  satellites: 12,
  inputs: 13,
  adc: 14,
  params: 15,
} as const;

export const SHORT_FIELDS = 10;
export const EXTENDED_FIELDS = 16;

/** A field the record could not read, with the answer code for it. */
export class RecordError extends ProtocolError {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const na = (text: string | undefined) => text === undefined || text === '' || text === 'NA';

/** Reads `fields` (10 of SD or 16 of D, without the CRC) or throws RecordError. */
export function readRecord(fields: readonly string[]): WialonRecord {
  if (fields.length !== SHORT_FIELDS && fields.length !== EXTENDED_FIELDS) {
    throw new RecordError(
      CODE.structure,
      `Wialon IPS record must have ${SHORT_FIELDS} or ${EXTENDED_FIELDS} fields, got ${fields.length}`,
    );
  }
  const [date, time, lat1, lat2, lon1, lon2, speed, course, height, sats] = fields;
  const record: WialonRecord = { params: {} };
  if (!na(date) || !na(time)) record.time = readTime(date!, time!);
  if (![lat1, lat2, lon1, lon2].every(na)) {
    try {
      record.lat = degreesMinutes(lat1!, lat2!, 'Wialon IPS latitude');
      record.lng = degreesMinutes(lon1!, lon2!, 'Wialon IPS longitude');
    } catch (error) {
      throw new RecordError(CODE.coordinates, (error as Error).message);
    }
  }
  const kmh = number(speed, CODE.motion, 'speed');
  if (kmh !== undefined && (kmh < 0 || kmh > MAX_SPEED_KMH)) {
    throw new RecordError(
      CODE.motion,
      `Wialon IPS speed must be 0 to ${MAX_SPEED_KMH} km/h, got ${kmh}`,
    );
  }
  if (kmh !== undefined) record.speedKmh = kmh;
  const heading = number(course, CODE.motion, 'course');
  if (heading !== undefined && (heading < 0 || heading > 360)) {
    throw new RecordError(CODE.motion, `Wialon IPS course must be 0 to 360, got ${heading}`);
  }
  if (heading !== undefined) record.course = heading % 360;
  const altitude = number(height, CODE.motion, 'height');
  if (altitude !== undefined) record.altitude = altitude;
  const satellites = integer(sats, CODE.satellites, 'sats');
  if (satellites !== undefined) record.satellites = satellites;
  if (fields.length === EXTENDED_FIELDS) readExtended(record, fields.slice(SHORT_FIELDS));
  return record;
}

function readExtended(record: WialonRecord, fields: readonly string[]): void {
  const [hdop, inputs, outputs, adc, ibutton, params] = fields;
  const dilution = number(hdop, CODE.satellites, 'hdop');
  if (dilution !== undefined) record.hdop = dilution;
  const ins = integer(inputs, CODE.inputs, 'inputs');
  if (ins !== undefined) record.inputs = ins;
  const outs = integer(outputs, CODE.inputs, 'outputs');
  if (outs !== undefined) record.outputs = outs;
  if (!na(adc)) record.adc = adc!.split(',').map((v) => number(v, CODE.adc, 'adc') ?? 0);
  if (!na(ibutton)) record.ibutton = ibutton!;
  if (!na(params)) record.params = readParams(params!);
}

/** `NAME:TYPE:VALUE,...`; type 1 is an integer, 2 a decimal, 3 text. */
export function readParams(text: string): Record<string, number | string> {
  const params: Record<string, number | string> = {};
  for (const param of text.split(',')) {
    const m = /^([^:]+):([123]):(.*)$/s.exec(param);
    if (!m) {
      throw new RecordError(
        CODE.params,
        `Wialon IPS parameter must be NAME:TYPE:VALUE with type 1, 2 or 3, got ${JSON.stringify(param.slice(0, 40))}`,
      );
    }
    const [, name, type, value] = m as unknown as [string, string, string, string];
    const pattern = type === '1' ? /^-?\d{1,18}$/ : /^-?\d+(\.\d+)?$/;
    if (type !== '3' && !pattern.test(value)) {
      throw new RecordError(
        CODE.params,
        `Wialon IPS parameter ${name} of type ${type} must be a number, got ${JSON.stringify(value.slice(0, 40))}`,
      );
    }
    params[name.toLowerCase()] = type === '3' ? value : Number(value);
  }
  return params;
}

function readTime(date: string, time: string): Date {
  const d = /^(\d{2})(\d{2})(\d{2})$/.exec(date);
  const t = /^(\d{2})(\d{2})(\d{2})(?:\.\d{1,9})?$/.exec(time);
  const utc =
    d && t
      ? utcTime(Number(d[3]), Number(d[2]), Number(d[1]), Number(t[1]), Number(t[2]), Number(t[3]))
      : undefined;
  if (!utc) {
    throw new RecordError(
      CODE.time,
      `Wialon IPS date and time must be DDMMYY;HHMMSS (UTC), got ${JSON.stringify(`${date};${time}`)}`,
    );
  }
  return utc;
}

function number(text: string | undefined, code: number, field: string): number | undefined {
  if (na(text)) return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(text!)) {
    throw new RecordError(
      code,
      `Wialon IPS ${field} must be a number or NA, got ${JSON.stringify(text)}`,
    );
  }
  return Number(text);
}

function integer(text: string | undefined, code: number, field: string): number | undefined {
  if (na(text)) return undefined;
  if (!/^\d{1,15}$/.test(text!)) {
    throw new RecordError(
      code,
      `Wialon IPS ${field} must be a whole number or NA, got ${JSON.stringify(text)}`,
    );
  }
  return Number(text);
}
