import type { Db } from '../db/client';
import type { Bus } from '../events/bus';
import { anchorsBySerial } from './registry.queries';
import type { AnchorPlace } from './steps/ble-anchors';

/**
 * Each account's BLE anchors by beacon serial, loaded when a report first carries beacons and
 * dropped when an `anchor.changed` event says the account's anchors changed.
 */
export class AnchorRegistry {
  private readonly byAccount = new Map<number, Promise<Map<string, AnchorPlace>>>();
  readonly stopListening: () => void;

  constructor(
    private readonly db: Db,
    bus: Bus,
  ) {
    this.stopListening = bus.subscribe('anchor.changed', (e) => this.invalidate(e.account_id));
  }

  forAccount(accountId: number): Promise<Map<string, AnchorPlace>> {
    let anchors = this.byAccount.get(accountId);
    if (!anchors) {
      anchors = anchorsBySerial(this.db, accountId);
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
