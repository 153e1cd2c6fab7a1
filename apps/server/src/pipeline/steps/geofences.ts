import type { AccountGeofenceIndex } from '../../spatial/geofence-index';
import type { DeviceState, Position } from '../position';

/** Fixes coarser than this cannot prove a device entered or left a geofence. */
export const GEOFENCE_MAX_ACCURACY_METRES = 500;

export interface GeofenceTransition {
  kind: 'enter' | 'exit';
  geofenceId: number;
  deviceId: number;
  accountId: number;
  time: Date;
}

/**
 * Decides which geofences hold the position and which the device entered or left since its
 * previous fix. A coarse fix (a cell tower) keeps the previous answer rather than flapping.
 */
export function applyGeofences(
  state: DeviceState,
  position: Position,
  index: AccountGeofenceIndex | undefined,
): { geofenceIds: number[]; transitions: GeofenceTransition[] } {
  if ((position.accuracy ?? 0) > GEOFENCE_MAX_ACCURACY_METRES) {
    return { geofenceIds: state.geofenceIds, transitions: [] };
  }
  const inside = index ? index.containing(position.lat, position.lng) : [];
  // Most fixes are where the previous one was (outside everything, or still inside the same
  // geofences): answer those without allocating sets for every position.
  if (sameIds(inside, state.geofenceIds))
    return { geofenceIds: state.geofenceIds, transitions: [] };
  const before = new Set(state.geofenceIds);
  const now = new Set(inside);
  const base = {
    deviceId: position.deviceId,
    accountId: position.accountId,
    time: position.fixTime,
  };
  const transitions: GeofenceTransition[] = [
    ...state.geofenceIds
      .filter((id) => !now.has(id))
      .map((geofenceId) => ({ kind: 'exit' as const, geofenceId, ...base })),
    ...inside
      .filter((id) => !before.has(id))
      .map((geofenceId) => ({ kind: 'enter' as const, geofenceId, ...base })),
  ];
  return { geofenceIds: inside, transitions };
}

/** Both lists are ascending ids (as `containing` answers and states store them). */
function sameIds(a: readonly number[], b: readonly number[]) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
