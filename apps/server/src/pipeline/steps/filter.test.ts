import { describe, expect, it } from 'vitest';
import { filterBounds, filterFix, SUSPECTS_BELIEVED, type FilterView } from './filter';
import { initialState } from './motion';
import { runSteps } from '../run-steps';
import { testPosition } from '../test-position';
import type { DeviceState, Position } from '../position';
import { AccountGeofenceIndex } from '../../spatial/geofence-index';

const bounds = filterBounds({ max_speed_kmh: 300, max_accuracy_m: 5000 });
const now = new Date('2026-11-22T12:00:00Z');
const at = (seconds: number) => new Date(now.getTime() - 3 * 3600_000 + seconds * 1000);
const fix = (seconds: number, lat: number, lng: number, over: Partial<Position> = {}) =>
  testPosition({ deviceId: 1, fixTime: at(seconds), lat, lng, ...over });
const stateAt = (seconds: number, lat: number, lng: number): FilterView =>
  initialState(fix(seconds, lat, lng));

// Chicago, and a point about 300 km east of it.
const CHICAGO = [41.88, -87.63] as const;
const FAR = [41.88, -84.03] as const;

describe('filterFix', () => {
  it('marks 0,0, a fix over ten minutes ahead and a coarse cell or Wi-Fi fix', () => {
    expect(filterFix(fix(0, 0, 0), undefined, bounds, now).reason).toBe('zero');
    const ahead = testPosition({
      lat: 41,
      lng: -87,
      fixTime: new Date(now.getTime() + 11 * 60_000),
    });
    expect(filterFix(ahead, undefined, bounds, now).reason).toBe('future');
    const soon = testPosition({ lat: 41, lng: -87, fixTime: new Date(now.getTime() + 9 * 60_000) });
    expect(filterFix(soon, undefined, bounds, now).reason).toBeNull();
    const cell = fix(0, 41, -87, { fix: 'cell', accuracy: 8000 });
    expect(filterFix(cell, undefined, bounds, now).reason).toBe('accuracy');
    // A GPS fix is not judged by its reported accuracy radius.
    expect(
      filterFix(fix(0, 41, -87, { accuracy: 8000 }), undefined, bounds, now).reason,
    ).toBeNull();
  });

  it('marks a hop faster than the bound from the last accepted fix', () => {
    const state = stateAt(0, ...CHICAGO);
    expect(filterFix(fix(60, ...FAR), state, bounds, now).reason).toBe('speed');
    // The same 300 km in two hours is 150 km/h: driving.
    expect(filterFix(fix(7200, ...FAR), state, bounds, now).reason).toBeNull();
  });

  it('does not take a long gap for a jump', () => {
    const state = stateAt(0, ...CHICAGO);
    expect(filterFix(fix(45 * 60, ...FAR), state, bounds, now).reason).toBeNull();
  });

  it("allows for a coarse fix's own uncertainty", () => {
    const state = stateAt(0, ...CHICAGO);
    // 1.4 km off in 5 s, but the cell fix says it may be 1.5 km off.
    const cell = fix(5, CHICAGO[0] + 0.0126, CHICAGO[1], { fix: 'cell', accuracy: 1500 });
    expect(filterFix(cell, state, bounds, now).reason).toBeNull();
  });

  it('judges a late fix only by itself', () => {
    const state = stateAt(600, ...CHICAGO);
    expect(filterFix(fix(60, ...FAR), state, bounds, now).reason).toBeNull();
    expect(filterFix(fix(60, 0, 0), state, bounds, now).reason).toBe('zero');
  });

  it('believes a tracker that keeps reporting from the new place, so it is never locked out', () => {
    let state: FilterView = stateAt(0, ...CHICAGO);
    const reasons: (string | null)[] = [];
    for (let i = 1; i <= SUSPECTS_BELIEVED; i++) {
      const decision = filterFix(fix(i * 10, FAR[0] + i * 0.0001, FAR[1]), state, bounds, now);
      reasons.push(decision.reason);
      state = { ...state, suspect: decision.suspect };
      if (!decision.reason) expect(decision.relocated).toBe(true);
    }
    expect(reasons).toEqual(['speed', 'speed', null]);
  });
});

const index = new AccountGeofenceIndex([]);
const context = {
  geofencesOf: () => index,
  deviceName: () => 'Truck 07',
  filterBounds: () => bounds,
  now,
};

function run(positions: Position[], states = new Map<number, DeviceState>()) {
  const outcome = runSteps(positions, states, context);
  for (const { position, state } of outcome.current) states.set(position.deviceId, state);
  for (const { deviceId, state } of outcome.held) states.set(deviceId, state);
  return outcome;
}

describe('runSteps with the filter', () => {
  it('keeps a jump out of the current position and the odometer', () => {
    const states = new Map<number, DeviceState>();
    run([fix(0, ...CHICAGO)], states);
    const drive = fix(30, CHICAGO[0] + 0.005, CHICAGO[1]); // 555 m
    run([drive], states);
    const before = states.get(1)!;
    const jump = fix(90, ...FAR);
    const back = fix(150, CHICAGO[0] + 0.0051, CHICAGO[1]);
    const outcome = run([jump, back], states);
    expect(jump.filterReason).toBe('speed');
    expect(back.filterReason).toBeNull();
    expect(outcome.filtered).toBe(1);
    const after = states.get(1)!;
    expect(after.odometer - before.odometer).toBeLessThan(50);
    expect(outcome.current.map((c) => c.position)).toEqual([back]);
  });

  it('marks a spike away and straight back within a minute, and takes its distance back', () => {
    const states = new Map<number, DeviceState>();
    run([fix(0, ...CHICAGO)], states);
    // 2.2 km out in 30 s is 266 km/h, under the bound; back 25 s later (faster than the bound
    // from the spike, which is no reason to doubt the return).
    const spike = fix(30, CHICAGO[0] + 0.02, CHICAGO[1]);
    run([spike], states);
    expect(spike.filterReason).toBeNull();
    const back = fix(55, CHICAGO[0] + 0.0001, CHICAGO[1]);
    const outcome = run([back], states);
    expect(outcome.retractions).toEqual([{ deviceId: 1, fixTime: spike.fixTime }]);
    expect(states.get(1)!.odometer).toBeLessThan(20);
    expect(states.get(1)!.lastFixTime).toEqual(back.fixTime);
  });

  it('marks the spike itself when the return comes in the same batch', () => {
    const states = new Map<number, DeviceState>();
    run([fix(0, ...CHICAGO)], states);
    const spike = fix(30, CHICAGO[0] + 0.02, CHICAGO[1]);
    const back = fix(55, CHICAGO[0] + 0.0001, CHICAGO[1]);
    const outcome = run([spike, back], states);
    expect(spike.filterReason).toBe('jump');
    expect(outcome.retractions).toEqual([]);
    expect(outcome.filtered).toBe(1);
  });

  it('takes a fast drive that does not come back for driving', () => {
    const states = new Map<number, DeviceState>();
    run([fix(0, ...CHICAGO)], states);
    const a = fix(30, CHICAGO[0] + 0.02, CHICAGO[1]);
    const b = fix(60, CHICAGO[0] + 0.04, CHICAGO[1]);
    const outcome = run([a, b], states);
    expect([a.filterReason, b.filterReason]).toEqual([null, null]);
    expect(outcome.filtered).toBe(0);
    expect(states.get(1)!.odometer).toBeGreaterThan(4400);
  });

  it('stores a late fix into history without rewinding the current position', () => {
    const states = new Map<number, DeviceState>();
    run([fix(600, ...CHICAGO)], states);
    const late = fix(300, CHICAGO[0] + 0.01, CHICAGO[1]);
    const outcome = run([late], states);
    expect(late.filterReason).toBeNull();
    expect(outcome.current).toEqual([]);
    expect(states.get(1)!.lastFixTime).toEqual(at(600));
  });
});
