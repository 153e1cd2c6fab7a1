import type { AppContext } from '../../app-context';
import type { JobPayloads } from '../../jobs/job-catalogue';
import type { QueuedJob } from '../../jobs/job-queue';
import type { Actor } from '../../access/actor';
import { deliverExport } from '../exports/deliver-export';
import { csvLine, localTime } from '../positions/csv';
import { visitsForExport } from './geofences.queries';

export const VISIT_COLUMNS = [
  'geofence_id',
  'geofence',
  'address',
  'device',
  'serial',
  'entered_at',
  'exited_at',
  'duration_minutes',
] as const;

type VisitRow = Awaited<ReturnType<typeof visitsForExport>>[number];

/**
 * One line per visit of a tracker to a geofence in the range, times on the caller's clock
 * (`offset`: minutes west of UTC); a visit still going on has no exit and lasts until `now`.
 */
export function visitsCsv(rows: readonly VisitRow[], offsetMinutes: number, now: Date): string {
  let out = csvLine(VISIT_COLUMNS);
  for (const r of rows) {
    const end = r.exited_at ?? now;
    out += csvLine([
      r.geofence_id,
      r.geofence,
      r.address,
      r.device,
      r.serial,
      r.entered_at ? localTime(r.entered_at.toISOString(), offsetMinutes) : null,
      r.exited_at ? localTime(r.exited_at.toISOString(), offsetMinutes) : null,
      r.entered_at ? Math.round((end.getTime() - r.entered_at.getTime()) / 60_000) : null,
    ]);
  }
  return out;
}

export interface VisitsExport {
  from: Date;
  to: Date;
  offset: number;
}

/** Queues the visits CSV; the job mails the user a link once it is stored. */
export async function mailGeofenceVisits(ctx: AppContext, actor: Actor, range: VisitsExport) {
  await ctx.jobs.enqueue('geofence-visits-export', {
    user_id: actor.user.id,
    account_id: actor.accountId,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    offset: range.offset,
  });
}

/** The geofence-visits-export job: visits of the trackers the user may see when it runs. */
export function deliverGeofenceVisits(
  ctx: AppContext,
  job: QueuedJob<JobPayloads['geofence-visits-export']>,
) {
  const { data } = job;
  const range = { from: new Date(data.from), to: new Date(data.to) };
  return deliverExport(ctx, {
    jobId: job.id,
    userId: data.user_id,
    accountId: data.account_id,
    filePrefix: 'geofences',
    title: 'geofence visits CSV',
    subject: 'Your Waymark geofences CSV is ready',
    build: async (membership) =>
      visitsCsv(await visitsForExport(ctx.database.db, membership, range), data.offset, new Date()),
  });
}
