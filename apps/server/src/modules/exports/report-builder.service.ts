import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context';
import type { Auth } from '../../http/auth';
import { invalidField } from '../../http/errors';
import { MAX_DOWNLOAD_DAYS } from '../../http/params';
import type { Membership } from '../accounts/accounts.queries';
import { currentPositionsOf, historyOf, visibleAmong } from '../positions/positions.queries';
import { positionsCsv } from '../positions/positions.csv';
import { devices } from '../../db/schema';
import { inArray } from 'drizzle-orm';
import { createExport } from './exports.queries';

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
  const rows = ids.length
    ? await db
        .select({ id: devices.id, name: devices.name })
        .from(devices)
        .where(inArray(devices.id, ids))
    : [];
  return positionsCsv(positions, new Map(rows.map((r) => [r.id, r.name])), filters.offset ?? 0);
}

/** Builds the CSV in the background, stores it and mails the user a link. */
export function mailPositionsReport(
  ctx: AppContext,
  auth: Auth,
  membership: Membership,
  filters: PositionsReportFilters,
) {
  ctx.jobs.run('positions-report', async () => {
    const csv = await positionsReport(ctx, membership, filters);
    const key = `exports/${randomUUID()}.csv`;
    await ctx.storage.put(key, csv);
    const id = await createExport(ctx.database.db, {
      account_id: membership.id,
      user_id: auth.user.id,
      filename: `positions-${new Date().toISOString().slice(0, 10)}.csv`,
      content_type: 'text/csv',
      storage_key: key,
    });
    const link = new URL(`/api/exports/${id}`, ctx.config.appUrl).href;
    await ctx.mailer.send({
      to: auth.user.email,
      subject: 'Your Waymark positions CSV is ready',
      text: `The positions CSV you asked for in ${membership.title} is ready.\n\nDownload it within 7 days: ${link}`,
    });
  });
}
