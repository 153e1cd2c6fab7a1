import type { ApiReport, ApiReportDetails, ReportCreate, ReportUpdate } from '@waymark/domain';
import { found, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { authorizeReports, checkedTracker, reportOf } from './reports.access';
import { captureSnapshot } from './reports.capture';
import { presentReport, presentReportDetails, reportBody } from './reports.present';
import { deleteReport, insertReport, reportRows, setPublic, snapshotOf } from './reports.queries';

/** The account's reports the actor may read, newest first. */
export async function reportsOf(ctx: AppContext, actor: Actor): Promise<ApiReport[]> {
  const rows = await reportRows(ctx.database.db, actor.devices);
  return rows.map(presentReport);
}

/** Saves a report of a tracker over a range, with the snapshot of that range. */
export async function createReport(
  ctx: AppContext,
  actor: Actor,
  body: ReportCreate,
): Promise<ApiReport> {
  authorizeReports(actor);
  const { db } = ctx.database;
  const device = await checkedTracker(db, actor, body.device_id);
  const snapshot = await captureSnapshot(ctx, actor.accountId, device.id, body);
  const id = await insertReport(db, {
    account_id: actor.accountId,
    device_id: device.id,
    device_name: device.name,
    start_at: body.start_at,
    end_at: body.end_at,
    include_positions: body.include_positions,
    include_sensors: body.include_sensors,
    include_alerts: body.include_alerts,
    include_geofence_name: body.include_geofence_name,
    created_by: actor.user.id,
    ...snapshot,
  });
  return presentReport(await reportOf(db, actor, id));
}

/** One report with its snapshot: positions, stops, alerts and the figures. */
export async function reportDetails(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<ApiReportDetails> {
  const { db } = ctx.database;
  const row = await reportOf(db, actor, id);
  return presentReportDetails(row, found(await snapshotOf(db, id)));
}

/** reportDetails as the call's JSON text, the positions as objects or in format=rows. */
export async function reportDetailsJson(
  ctx: AppContext,
  actor: Actor,
  id: number,
  format: 'objects' | 'rows',
): Promise<string> {
  const { db } = ctx.database;
  const row = await reportOf(db, actor, id);
  return reportBody(presentReport(row), found(await snapshotOf(db, id)), row.device_id, format);
}

/** Publishes or unpublishes a report (spec 001 §4): the uuid answers only while public. */
export async function updateReport(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: ReportUpdate,
): Promise<ApiReport> {
  authorizeReports(actor);
  const { db } = ctx.database;
  await reportOf(db, actor, id);
  await setPublic(db, id, body.is_public);
  return presentReport(await reportOf(db, actor, id));
}

export async function removeReport(ctx: AppContext, actor: Actor, id: number) {
  authorizeReports(actor);
  const { db } = ctx.database;
  await reportOf(db, actor, id);
  await deleteReport(db, id);
}
