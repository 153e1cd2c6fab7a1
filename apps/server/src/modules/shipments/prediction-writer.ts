import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { recordPredictions, type PredictionInsert } from './shipment-clock.queries';

/**
 * The predictions the clock keeps are written at most this often, together. Written round by
 * round, a busy pipeline's many small rounds each cost the database a statement and a commit,
 * which slowed the pipeline more than the rows did (bench:shipments). What a crash loses is at
 * most this much of the history; the next fix predicts again.
 */
export const PREDICTIONS_WRITE_EVERY_MS = 1000;
/** ...or as soon as this many are held. */
export const PREDICTIONS_WRITE_AT_ROWS = 10_000;

/**
 * Holds the shipment clock's kept predictions and writes them in one statement per interval,
 * one write after the other, so the newest estimate of a shipment is always the last written.
 */
export class PredictionWriter {
  private held: PredictionInsert[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(rows: readonly PredictionInsert[]) {
    if (rows.length === 0) return;
    for (const row of rows) this.held.push(row);
    if (this.held.length >= PREDICTIONS_WRITE_AT_ROWS) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), PREDICTIONS_WRITE_EVERY_MS);
      // Never what keeps a process alive: stopping the clock flushes.
      this.timer.unref();
    }
  }

  /** Writes what is held now; resolves once everything added so far is written (or failed). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.held.length > 0) {
      const rows = this.held;
      this.held = [];
      this.writing = this.writing
        .then(() => recordPredictions(this.db, rows))
        .catch((err: unknown) =>
          this.log.error({ err, predictions: rows.length }, 'shipment predictions not written'),
        );
    }
    return this.writing;
  }
}
