import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context';
import type { Auth } from '../../http/auth';
import type { Membership } from '../accounts/accounts.queries';
import { createExport } from '../exports/exports.queries';
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

/** Builds the visits CSV in the background, stores it and mails the user a link to it. */
export function mailGeofenceVisits(
  ctx: AppContext,
  auth: Auth,
  membership: Membership,
  range: VisitsExport,
) {
  ctx.jobs.run('geofence-visits-export', async () => {
    const rows = await visitsForExport(ctx.database.db, membership, range);
    const key = `exports/${randomUUID()}.csv`;
    await ctx.storage.put(key, visitsCsv(rows, range.offset, new Date()));
    const id = await createExport(ctx.database.db, {
      account_id: membership.id,
      user_id: auth.user.id,
      filename: `geofences-${new Date().toISOString().slice(0, 10)}.csv`,
      content_type: 'text/csv',
      storage_key: key,
    });
    const link = new URL(`/api/exports/${id}`, ctx.config.appUrl).href;
    await ctx.mailer.send({
      to: auth.user.email,
      subject: 'Your Waymark geofences CSV is ready',
      text:
        `The geofence visits CSV you asked for in ${membership.title} is ready.\n\n` +
        `Download it within 7 days: ${link}`,
    });
  });
}
