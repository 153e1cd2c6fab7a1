import { describe, expect, it } from 'vitest';
import type { GeofenceTransition } from './steps/geofences';
import { visitWrites } from './visit-writes';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 8, minute));
const t = (kind: 'enter' | 'exit', minute: number, geofenceId = 7): GeofenceTransition => ({
  kind,
  geofenceId,
  deviceId: 1,
  accountId: 2,
  time: at(minute),
});

describe('visitWrites', () => {
  it('closes the visit an earlier batch opened and opens a new one', () => {
    const { inserts, closes } = visitWrites([t('exit', 1), t('enter', 5)]);
    expect(closes).toEqual([{ geofenceId: 7, deviceId: 1, exitedAt: at(1) }]);
    expect(inserts).toEqual([
      { accountId: 2, geofenceId: 7, deviceId: 1, enteredAt: at(5), exitedAt: null },
    ]);
  });

  it('pairs an enter and exit of one batch into a closed visit, per geofence', () => {
    const { inserts, closes } = visitWrites([
      t('enter', 1),
      t('enter', 2, 8),
      t('exit', 3),
      t('enter', 4),
    ]);
    expect(closes).toEqual([]);
    expect(inserts.map((v) => [v.geofenceId, v.enteredAt, v.exitedAt])).toEqual([
      [7, at(1), at(3)],
      [8, at(2), null],
      [7, at(4), null],
    ]);
  });
});
