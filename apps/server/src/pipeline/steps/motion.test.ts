import { describe, expect, it } from 'vitest';
import type { Position } from '../position';
import { applyMotion, initialState } from './motion';
import { testPosition } from '../test-position';

const t = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 8, minutes));
const position = (minutes: number, lat: number, lng: number, over: Partial<Position> = {}) =>
  testPosition({ deviceId: 1, fixTime: t(minutes), lat, lng, ...over });

describe('applyMotion', () => {
  it('records movement and distance for a drive', () => {
    let state = initialState(position(0, 41.0, -87.0));
    state = applyMotion(state, position(5, 41.01, -87.0)); // ~1.1 km north
    expect(state.lastMovementTime).toEqual(t(5));
    expect(state.lastMovementTimeWithoutCell).toEqual(t(5));
    expect(state.odometer).toBeGreaterThan(1100);
    expect(state.odometer).toBeLessThan(1125);
  });

  it('does not count GPS jitter of a parked tracker', () => {
    let state = initialState(position(0, 41.0, -87.0));
    for (let m = 1; m < 30; m++)
      state = applyMotion(state, position(m, 41.0 + (m % 2) * 0.00005, -87.0));
    expect(state.lastMovementTime).toBeNull();
    expect(state.odometer).toBe(0);
  });

  it('lets a cell fix move last_movement_time but not the without-cell time or odometer', () => {
    let state = initialState(position(0, 41.0, -87.0));
    state = applyMotion(state, position(10, 41.05, -87.0, { fix: 'cell', accuracy: 1500 }));
    expect(state.lastMovementTime).toEqual(t(10));
    expect(state.lastMovementTimeWithoutCell).toBeNull();
    expect(state.odometer).toBe(0);
  });

  it('needs a cell fix to move further than its accuracy', () => {
    let state = initialState(position(0, 41.0, -87.0));
    state = applyMotion(state, position(10, 41.005, -87.0, { fix: 'cell', accuracy: 1500 }));
    expect(state.lastMovementTime).toBeNull();
  });
});
