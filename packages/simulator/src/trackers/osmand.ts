import http from 'node:http';
import { encodeOsmAndQuery } from '../../../../apps/server/src/ingest/protocols/osmand/osmand.device';
import type { Fix } from '../trips/fix';
import { recordError } from '../stats';
import { toOsmAnd } from './messages';
import type { Tracker, TrackerContext } from './tracker';

const REQUEST_TIMEOUT_MS = 30_000;

/** A phone running OsmAnd / Traccar Client: one HTTP GET per fix, 200 means stored. */
export class OsmAndTracker implements Tracker {
  constructor(
    private readonly serial: string,
    private readonly ctx: TrackerContext,
  ) {}

  report(fixes: readonly Fix[]): void {
    for (const fix of fixes) this.send(fix);
  }

  close(): void {
    // Requests in flight finish or fail on their own; the agent is closed by the simulator.
  }

  private send(fix: Fix): void {
    const { ctx } = this;
    ctx.stats.sent++;
    const request = http.request(
      {
        host: ctx.host,
        port: ctx.ports.osmand,
        path: `/?${encodeOsmAndQuery(toOsmAnd(this.serial, fix))}`,
        method: 'GET',
        agent: ctx.agent,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        if (response.statusCode === 200) ctx.stats.acked++;
        else
          recordError(ctx.stats, new Error(`OsmAnd ${this.serial}: HTTP ${response.statusCode}`));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`OsmAnd ${this.serial}: timed out`)));
    request.on('error', (error) => recordError(ctx.stats, error));
    request.end();
  }
}
