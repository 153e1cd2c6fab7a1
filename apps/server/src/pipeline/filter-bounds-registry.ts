import { POSITION_FILTER_DEFAULTS } from '@waymark/domain';
import type { Db } from '../db/client';
import type { Bus } from '../events/bus';
import { filterSettingsOf } from './registry.queries';
import { filterBounds, type FilterBounds } from './steps/filter';

const DEFAULT_BOUNDS = filterBounds(POSITION_FILTER_DEFAULTS);

/**
 * Each account's position filter bounds, read once per account and again after an
 * `account.changed` event, so the filter step itself never waits for the database.
 */
export class FilterBoundsRegistry {
  private readonly byAccount = new Map<number, FilterBounds>();
  readonly stopListening: () => void;

  constructor(
    private readonly db: Db,
    bus: Bus,
  ) {
    this.stopListening = bus.subscribe('account.changed', (e) => {
      this.byAccount.delete(e.account_id);
    });
  }

  /** Loads the accounts not yet held (one query for all of them). */
  async load(accountIds: Iterable<number>): Promise<void> {
    const missing = [...new Set(accountIds)].filter((id) => !this.byAccount.has(id));
    if (missing.length === 0) return;
    for (const row of await filterSettingsOf(this.db, missing))
      this.byAccount.set(row.id, filterBounds(row));
  }

  /** The bounds of an account loaded before; the defaults otherwise. */
  of(accountId: number): FilterBounds {
    return this.byAccount.get(accountId) ?? DEFAULT_BOUNDS;
  }
}
