import type { Db } from '../db/client';
import { findAnchorsBySerial } from '../modules/anchors/anchors.queries';
import type { AnchorPlace } from './steps/ble-anchors';

/**
 * Each account's BLE anchors by beacon serial, loaded when a report first carries beacons and
 * dropped when the account's anchors change (the anchors service calls `invalidate`).
 */
export class AnchorRegistry {
  private readonly byAccount = new Map<number, Promise<Map<string, AnchorPlace>>>();

  constructor(private readonly db: Db) {}

  forAccount(accountId: number): Promise<Map<string, AnchorPlace>> {
    let anchors = this.byAccount.get(accountId);
    if (!anchors) {
      anchors = findAnchorsBySerial(this.db, accountId);
      this.byAccount.set(accountId, anchors);
      anchors.catch(() => this.byAccount.delete(accountId));
    }
    return anchors;
  }

  /** The anchors of every account with a report that heard beacons. */
  async forAccounts(accountIds: Iterable<number>): Promise<Map<number, Map<string, AnchorPlace>>> {
    const ids = [...new Set(accountIds)];
    const maps = await Promise.all(ids.map((id) => this.forAccount(id)));
    return new Map(ids.map((id, i) => [id, maps[i]!]));
  }

  invalidate(accountId: number) {
    this.byAccount.delete(accountId);
  }
}
