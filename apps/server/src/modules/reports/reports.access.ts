import type { FastifyRequest } from 'fastify';
import { REPORT_MESSAGES } from '@waymark/domain';
import { actorFor, authorize, found, type Actor } from '../../access/actor';
import type { Db } from '../../db/client';
import { requireAuth } from '../../http/auth';
import { invalidField } from '../../errors/domain-error';
import { accountOfReport, reportRows, visibleTracker, type ReportRow } from './reports.queries';

/**
 * Creating, publishing and deleting reports need manage Reports (Admins, Managers and Power Users,
 * spec 001 §6; else 403 'Access denied'). Everyone in the account who sees the tracker reads them.
 */
export function authorizeReports(actor: Actor) {
  authorize(actor, 'manage', 'Reports', REPORT_MESSAGES.accessDenied);
}

/**
 * One report the actor may read; another account's, one of a tracker the actor does not see
 * and one that does not exist are all 404.
 */
export async function reportOf(db: Db, actor: Actor, id: number): Promise<ReportRow> {
  const [row] = await reportRows(db, actor.devices, id);
  return found(row);
}

/** The tracker of a new report must be one the actor sees (422 on device_id otherwise). */
export async function checkedTracker(db: Db, actor: Actor, deviceId: number) {
  const device = await visibleTracker(db, actor.devices, deviceId);
  if (!device) throw invalidField('device_id', REPORT_MESSAGES.unknownTracker);
  return device;
}

/**
 * For routes that name the report alone (/reports/{id}/export): the caller acting in the
 * report's account, 404 when there is no such report; `reportOf` then checks the rest.
 */
export async function actorForReport(request: FastifyRequest, reportId: number): Promise<Actor> {
  requireAuth(request);
  const accountId = await accountOfReport(request.server.ctx.database.db, reportId);
  return actorFor(request, found(accountId));
}
