import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { geofences } from '../db/schema';
import type { Bus } from '../events/bus';
import { AccountGeofenceIndex } from './geofence-index';

/**
 * One spatial index per account, built on first use and dropped when a `geofence.changed`
 * event names the account, so neither the pipeline nor a nearest-geofence answer ever reads
 * stale shapes. Shared by both in a process.
 */
export class GeofenceIndexes {
  private readonly indexes = new Map<number, Promise<AccountGeofenceIndex>>();
  readonly stopListening: () => void;

  constructor(
    private readonly db: Db,
    bus: Bus,
  ) {
    this.stopListening = bus.subscribe('geofence.changed', (e) => this.invalidate(e.account_id));
  }

  forAccount(accountId: number): Promise<AccountGeofenceIndex> {
    let index = this.indexes.get(accountId);
    if (!index) {
      index = this.load(accountId);
      this.indexes.set(accountId, index);
      index.catch(() => this.indexes.delete(accountId));
    }
    return index;
  }

  /** The indexes of every account a batch touches, loaded before its steps run. */
  async forAccounts(accountIds: Iterable<number>): Promise<Map<number, AccountGeofenceIndex>> {
    const ids = [...new Set(accountIds)];
    const indexes = await Promise.all(ids.map((id) => this.forAccount(id)));
    return new Map(ids.map((id, i) => [id, indexes[i]!]));
  }

  invalidate(accountId: number) {
    this.indexes.delete(accountId);
  }

  private async load(accountId: number) {
    const rows = await this.db
      .select({
        id: geofences.id,
        accountId: geofences.account_id,
        name: geofences.name,
        lat: geofences.lat,
        lng: geofences.lng,
        radius: geofences.radius,
        isIrregular: geofences.is_irregular,
        geoJson: geofences.geo_json,
      })
      .from(geofences)
      .where(eq(geofences.account_id, accountId));
    return new AccountGeofenceIndex(rows);
  }
}
