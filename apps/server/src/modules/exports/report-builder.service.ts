import type { AppContext } from '../../app-context';
import type { Actor } from '../../access/actor';
import { visibleAmong } from '../../access/device-visibility';
import type { Membership } from '../../access/membership.queries';
import { invalidField } from '../../errors/domain-error';
import { MAX_DOWNLOAD_DAYS } from '../../http/params';
import type { JobPayloads } from '../../jobs/job-catalogue';
import type { QueuedJob } from '../../jobs/job-queue';
import { currentPositionsOf, historyOf } from '../positions/positions.queries';
import { positionsCsv } from '../positions/positions.csv';
import { deliverExport } from './deliver-export';
import { deviceNames } from './exports.queries';

export const DOWNLOAD_LIMIT_MESSAGE =
  'Downloads of position data are allowed for 90-day periods only.';
export const CSV_QUEUED_MESSAGE =
  'Your CSV is being generated. Once ready, you will receive an email notification with the download link';

export interface PositionsReportFilters {
  only_current_positions?: boolean | undefined;
  fix_time_from?: Date | undefined;
  fix_time_to?: Date | undefined;
  offset?: number | undefined;
  device_ids?: number[] | undefined;
}

/** Checks the range before any work: the start first, at most 90 days (spec 000 §5). */
export function checkRange(filters: PositionsReportFilters) {
  if (filters.only_current_positions) return;
  const { fix_time_from: from, fix_time_to: to } = filters;
  if (!from) throw invalidField('filters.fix_time_from', 'date is required');
  if (!to) throw invalidField('filters.fix_time_to', 'date is required');
  if (from > to)
    throw invalidField('filters.fix_time_from', 'The start date must be before the end date');
  if (to.getTime() - from.getTime() > MAX_DOWNLOAD_DAYS * 24 * 3600_000) {
    throw invalidField('filters.fix_time_to', DOWNLOAD_LIMIT_MESSAGE);
  }
}

/** The positions CSV of the trackers the member may see (all of them when none are named). */
export async function positionsReport(
  ctx: AppContext,
  membership: Membership,
  filters: PositionsReportFilters,
) {
  const { db } = ctx.database;
  const ids = filters.device_ids
    ? await visibleAmong(db, membership, filters.device_ids)
    : (await currentPositionsOf(db, membership)).map((p) => p.device_id);
  const positions = filters.only_current_positions
    ? await currentPositionsOf(db, membership, ids)
    : await historyOf(db, ids, filters.fix_time_from!, filters.fix_time_to!, 1_000_000);
  return positionsCsv(positions, await deviceNames(db, ids), filters.offset ?? 0);
}

/** Queues the CSV; the job mails the user a link once it is stored. */
export async function mailPositionsReport(
  ctx: AppContext,
  actor: Actor,
  filters: PositionsReportFilters,
) {
  await ctx.jobs.enqueue('positions-report', {
    user_id: actor.user.id,
    account_id: actor.accountId,
    only_current_positions: filters.only_current_positions,
    fix_time_from: filters.fix_time_from?.toISOString(),
    fix_time_to: filters.fix_time_to?.toISOString(),
    offset: filters.offset,
    device_ids: filters.device_ids,
  });
}

/** The positions-report job: the CSV of the trackers the user may see when it runs. */
export function deliverPositionsReport(
  ctx: AppContext,
  job: QueuedJob<JobPayloads['positions-report']>,
) {
  const { data } = job;
  const filters: PositionsReportFilters = {
    only_current_positions: data.only_current_positions,
    fix_time_from: data.fix_time_from ? new Date(data.fix_time_from) : undefined,
    fix_time_to: data.fix_time_to ? new Date(data.fix_time_to) : undefined,
    offset: data.offset,
    device_ids: data.device_ids,
  };
  return deliverExport(ctx, {
    jobId: job.id,
    userId: data.user_id,
    accountId: data.account_id,
    filePrefix: 'positions',
    title: 'positions CSV',
    subject: 'Your Waymark positions CSV is ready',
    build: (membership) => positionsReport(ctx, membership, filters),
  });
}
