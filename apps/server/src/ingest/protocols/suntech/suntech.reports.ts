import type { RawPosition } from '@waymark/domain';
import { ProtocolError } from '../types';
import { SuntechFields, alertAlarm, emergencyAlarm } from './suntech.fields';

/**
 * The report layouts of the Suntech text protocols, each read into a position:
 * - `readLegacy`: SA200, ST300/ST340, ST500 and ST600 (`<model>STT|EMG|EVT|ALT;dev;...`);
 * - `readSt4`: ST410/ST4xx (`ST410STT;dev;fw;model;7 cells;...`);
 * - `readUniversal`: the universal format (`STT|ALT;dev;<hex field mask>;...`).
 */

/** `ST300STT` → model `ST300`, type `STT`. */
export function splitHeader(header: string): { model: string; type: string } {
  return { model: header.slice(0, 5), type: header.slice(5) };
}

export const LEGACY_TYPES = new Set(['STT', 'EMG', 'EVT', 'ALT']);

export function readLegacy(model: string, type: string, values: readonly string[]): RawPosition {
  const f = new SuntechFields(values);
  f.skip(); // header
  const serial = f.next('device id');
  // ST3xx, ST500 and ST600 report their model number; SA200 does not.
  if (model.startsWith('ST3') || model === 'ST500' || model === 'ST600') f.skip();
  const attributes: Record<string, number | string | boolean> = {
    type,
    firmware: f.next('firmware'),
  };
  const deviceTime = f.time();
  let cell: RawPosition['cell'];
  if (model !== 'ST500') {
    const cid = f.integer('cell id', 16);
    if (model === 'ST600') {
      const mcc = f.integer('MCC');
      const mnc = f.integer('MNC');
      const lac = f.integer('LAC', 16);
      attributes.rxLevel = f.integer('RX level');
      if (mcc > 0) cell = { mcc, mnc, lac, cid };
    }
  }
  const position: RawPosition = {
    serial,
    deviceTime,
    lat: f.latitude(),
    lng: f.longitude(),
    speed: f.speed(),
    speedUnit: 'kmh',
    course: f.course(),
    valid: false,
    fix: 'gps',
    attributes,
  };
  position.satellites = f.integer('satellites');
  position.valid = f.next('fix') === '1';
  attributes.odometer = f.integer('distance');
  attributes.power = f.decimal('power voltage');
  const io = f.next('IO state');
  if (/^[01]{6,}$/.test(io)) {
    position.ignition = io[0] === '1';
    // Characters: ignition, inputs 1-3, outputs 1-2; input n is bit n-1 of the mask.
    const on = (i: number) => (io[i] === '1' ? 1 : 0);
    attributes.input = on(1) | (on(2) << 1) | (on(3) << 2);
    attributes.output = on(4) | (on(5) << 1);
  }
  if (cell) position.cell = cell;
  if (type === 'STT' && f.remaining >= 2) {
    attributes.mode = f.integer('mode');
    attributes.index = f.integer('message number');
  } else if (type === 'EMG' && f.remaining > 0) {
    const alarm = emergencyAlarm(f.integer('emergency id'));
    position.alarm = alarm ?? 'other';
  } else if (type === 'EVT' && f.remaining > 0) {
    attributes.event = f.integer('event id');
  } else if (type === 'ALT' && f.remaining > 0) {
    const id = f.integer('alert id');
    attributes.alert = id;
    const alarm = alertAlarm(id);
    if (alarm) position.alarm = alarm;
  }
  return position;
}

export function readSt4(type: string, values: readonly string[]): RawPosition {
  const f = new SuntechFields(values);
  f.skip();
  const serial = f.next('device id');
  const attributes: Record<string, number | string | boolean> = {
    type,
    firmware: f.next('firmware'),
  };
  f.skip(); // model
  let cell: RawPosition['cell'];
  // Seven cells: serving (cid, mcc, mnc, rssi, lac, ta), then six neighbours (cid, mcc, mnc, lac, rssi, ta).
  for (let i = 0; i < 7; i++) {
    const cid = f.integer('cell id');
    const mcc = f.integer('MCC');
    const mnc = f.integer('MNC');
    const [first, second] = [f.integer('cell field'), f.integer('cell field')];
    f.skip(); // timing advance
    if (i === 0 && cid > 0 && mcc > 0) cell = { mcc, mnc, lac: second, cid, rssi: first };
  }
  attributes.batteryVoltage = f.decimal('battery voltage');
  if (f.next('network mode') === '0') attributes.archive = true;
  attributes.index = f.integer('message number');
  attributes.status = f.integer('status');
  if (f.peek()?.length === 3) f.skip(); // collaborative network
  const position: RawPosition = {
    serial,
    deviceTime: f.time(),
    lat: f.latitude(),
    lng: f.longitude(),
    speed: f.speed(),
    speedUnit: 'kmh',
    course: f.course(),
    valid: false,
    fix: 'gps',
    attributes,
  };
  position.satellites = f.integer('satellites');
  position.valid = f.next('fix') === '1';
  if (cell) position.cell = cell;
  return position;
}

const bit = (mask: number, n: number) => (mask & (1 << n)) !== 0;

/**
 * The universal format: bit n of the hex field mask says whether field n is present (1 model,
 * 2 firmware, 3 network mode, 4-5 date and time, 6-9 cell, 10 RSSI, 11-12 coordinates, 13 speed,
 * 14 course, 15 satellites, 16 fix, 17-18 inputs and outputs, 19-21 mode, reason and index, or
 * for ALT the alert id, modifier and data).
 */
export function readUniversal(type: string, values: readonly string[], now: Date): RawPosition {
  const f = new SuntechFields(values);
  f.skip();
  const serial = f.next('device id');
  const mask = f.integer('field mask', 16);
  const attributes: Record<string, number | string | boolean> = { type };
  if (bit(mask, 1)) f.skip();
  if (bit(mask, 2)) attributes.firmware = f.next('firmware');
  if (bit(mask, 3) && f.next('network mode') === '0') attributes.archive = true;
  const deviceTime = bit(mask, 4) && bit(mask, 5) ? f.time() : now;
  const cid = bit(mask, 6) ? f.integer('cell id', 16) : undefined;
  const mcc = bit(mask, 7) ? f.integer('MCC') : undefined;
  const mnc = bit(mask, 8) ? f.integer('MNC') : undefined;
  const lac = bit(mask, 9) ? f.integer('LAC', 16) : undefined;
  if (bit(mask, 10)) attributes.rxLevel = f.integer('RX level');
  if (!bit(mask, 11) || !bit(mask, 12)) {
    throw new ProtocolError(
      `Suntech universal report mask ${mask.toString(16)} leaves out the coordinates`,
    );
  }
  const position: RawPosition = {
    serial,
    deviceTime,
    lat: f.latitude(),
    lng: f.longitude(),
    valid: false,
    fix: 'gps',
    attributes,
  };
  if (bit(mask, 13)) {
    position.speed = f.speed();
    position.speedUnit = 'kmh';
  }
  if (bit(mask, 14)) position.course = f.course();
  if (bit(mask, 15)) position.satellites = f.integer('satellites');
  position.valid = bit(mask, 16) ? f.next('fix') === '1' : true;
  if (bit(mask, 17)) {
    const inputs = f.bits('inputs');
    attributes.input = inputs;
    position.ignition = (inputs & 1) === 1;
  }
  if (bit(mask, 18)) attributes.output = f.bits('outputs');
  if (type === 'ALT') {
    if (bit(mask, 19)) {
      const id = f.integer('alert id');
      attributes.alert = id;
      const alarm = alertAlarm(id);
      if (alarm) position.alarm = alarm;
    }
  } else {
    if (bit(mask, 19)) attributes.mode = f.integer('mode');
    if (bit(mask, 20)) attributes.reason = f.integer('reason');
    if (bit(mask, 21)) attributes.index = f.integer('message number');
  }
  if (cid !== undefined && mcc && mnc !== undefined && lac !== undefined) {
    position.cell = { mcc, mnc, lac, cid };
  }
  return position;
}

const ST910_TYPES = new Set(['Location', 'Emergency', 'Alert']);

/**
 * The ST910 personal tracker: `ST910;Location|Emergency|Alert;dev;[fw;]date;time;[cell;]lat;
 * lon;speed;course;fix;...`. Its newer firmware adds the cell before the coordinates and leaves
 * the firmware out of alerts; which one a report is, its fields say.
 */
export function readSt910(values: readonly string[]): RawPosition | undefined {
  const type = values[1]!;
  if (!ST910_TYPES.has(type)) return undefined;
  const f = new SuntechFields(values);
  f.skip(2);
  const serial = f.next('device id');
  const attributes: Record<string, number | string | boolean> = { type };
  if (!/^\d{8}$/.test(f.peek() ?? '')) attributes.firmware = f.next('firmware');
  const deviceTime = f.time();
  if (!/^[-+]?\d+\.\d+$/.test(f.peek() ?? '')) f.skip(); // cell
  const position: RawPosition = {
    serial,
    deviceTime,
    lat: f.latitude(),
    lng: f.longitude(),
    speed: f.speed(),
    speedUnit: 'kmh',
    course: f.course(),
    valid: false,
    fix: 'gps',
    attributes,
  };
  position.valid = f.next('fix') === '1';
  if (type !== 'Location') position.alarm = type === 'Emergency' ? 'sos' : 'other';
  return position;
}
