import type { GeofenceTransition } from './steps/geofences';

export interface VisitInsert {
  accountId: number;
  geofenceId: number;
  deviceId: number;
  enteredAt: Date;
  exitedAt: Date | null;
}

export interface VisitClose {
  geofenceId: number;
  deviceId: number;
  exitedAt: Date;
}

/**
 * Turns a batch's ordered transitions into two bulk writes. An enter and the exit after it in
 * the same batch become one closed visit; an exit with no enter before it in the batch closes
 * the visit a previous batch opened. Closes run before inserts, so they never touch a visit
 * this batch opens (a per-transition statement was a round trip each).
 */
export function visitWrites(transitions: readonly GeofenceTransition[]) {
  const inserts: VisitInsert[] = [];
  const closes: VisitClose[] = [];
  const open = new Map<string, VisitInsert>();
  for (const t of transitions) {
    const key = `${t.deviceId}:${t.geofenceId}`;
    if (t.kind === 'enter') {
      const visit: VisitInsert = {
        accountId: t.accountId,
        geofenceId: t.geofenceId,
        deviceId: t.deviceId,
        enteredAt: t.time,
        exitedAt: null,
      };
      inserts.push(visit);
      open.set(key, visit);
    } else {
      const visit = open.get(key);
      if (visit) {
        visit.exitedAt = t.time;
        open.delete(key);
      } else closes.push({ geofenceId: t.geofenceId, deviceId: t.deviceId, exitedAt: t.time });
    }
  }
  return { inserts, closes };
}
