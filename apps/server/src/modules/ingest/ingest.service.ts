import type { AppContext } from '../../app-context';
import type { RawPosition } from '@waymark/domain';
import { ownedSerials } from './ingest.queries';

/**
 * Where the API's positions are handed in (the pipeline of a process that runs the worker
 * role); resolves once they are durably stored.
 */
export interface PositionIntake {
  submit(positions: RawPosition[], protocol: string, remoteAddress?: string): Promise<unknown>;
}

/**
 * Accepts the positions of the account's own trackers and rejects the others by index; the
 * answer comes once the accepted ones are durably stored.
 */
export async function ingestPositions(
  ctx: AppContext,
  intake: PositionIntake,
  accountId: number,
  positions: RawPosition[],
  ip: string,
) {
  const serials = [...new Set(positions.map((p) => p.serial))];
  const owned = await ownedSerials(ctx.database.db, accountId, serials);
  const accepted: RawPosition[] = [];
  const rejected: { index: number; serial: string; message: string }[] = [];
  positions.forEach((p, index) => {
    if (owned.has(p.serial)) accepted.push(p);
    else
      rejected.push({
        index,
        serial: p.serial,
        message: 'No tracker of this account has this serial',
      });
  });
  await intake.submit(accepted, 'json', ip);
  return { accepted: accepted.length, rejected };
}
