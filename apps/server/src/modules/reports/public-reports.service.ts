import type { ApiPublicReport } from '@waymark/domain';
import { found } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { presentPublicReport, publicHead, reportBody } from './reports.present';
import { publicReportRow } from './reports.queries';

/**
 * The public page's report, by its unguessable uuid and without a login (spec 001 §2, §6):
 * 404 for an unknown uuid and for a report that is not public (turning Public off takes the
 * link down at once). It answers only what the page shows, from the snapshot.
 */
export async function publicReport(ctx: AppContext, uuid: string): Promise<ApiPublicReport> {
  return presentPublicReport(found(await publicReportRow(ctx.database.db, uuid)));
}

/** publicReport as the call's JSON text, the positions as objects or in format=rows. */
export async function publicReportJson(
  ctx: AppContext,
  uuid: string,
  format: 'objects' | 'rows',
): Promise<string> {
  const row = found(await publicReportRow(ctx.database.db, uuid));
  return reportBody(publicHead(row), row, row.device_id, format);
}
