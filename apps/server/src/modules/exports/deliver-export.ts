import type { AppContext } from '../../app-context';
import { findActor, type Actor } from '../../access/actor';
import type { Membership } from '../../access/membership.queries';
import { findPrincipalUser } from '../../access/tokens.queries';
import { queueMessages } from '../delivery';
import { createExport, exportOfJob, markMailed } from './exports.queries';

export interface ExportDelivery {
  /** The job delivering: keys the stored file and the export row, so a retry repeats neither. */
  jobId: string;
  userId: number;
  accountId: number;
  /** Names the file: `positions` gives `positions-2026-11-24.csv`. */
  filePrefix: string;
  /** What the mail calls the file: "The positions CSV you asked for in ...". */
  title: string;
  subject: string;
  /** The kind of file; a CSV unless said. */
  file?: ExportFileKind;
  /** Builds the file for the member as they are now (their devices, their account). */
  build(membership: Membership, actor: Actor): Promise<string | Buffer>;
}

export interface ExportFileKind {
  extension: string;
  contentType: string;
}

const CSV_FILE: ExportFileKind = { extension: 'csv', contentType: 'text/csv' };

/**
 * The one way an e-mailed export (a CSV, a report's PDF) is delivered: build the file, store
 * it, record the export, hand the link's mail to the outbox. Every step is safe to repeat
 * when the job is retried: the file and the row are keyed by the job, and the mail by the
 * export (`export:<id>`), which the outbox keeps once, so a user never gets the link twice.
 * A user who left the account by the time the job runs gets nothing.
 */
export async function deliverExport(
  ctx: Pick<AppContext, 'database' | 'storage' | 'jobs' | 'config'>,
  delivery: ExportDelivery,
) {
  const { db } = ctx.database;
  // The user's view of the account when the job runs, checked again since the request, with
  // the same rules as a request (a member, or a platform admin looking in).
  const user = await findPrincipalUser(db, delivery.userId);
  const actor = user && (await findActor(db, { user, imitator: null }, delivery.accountId));
  if (!actor) return;
  const { membership } = actor;

  const exported =
    (await exportOfJob(db, delivery.jobId)) ??
    (await storeExport(ctx, delivery, await delivery.build(membership, actor)));
  if (exported.mailed_at) return;

  const link = new URL(`/api/exports/${exported.id}`, ctx.config.appUrl).href;
  await queueMessages(ctx, [
    {
      key: `export:${exported.id}`,
      kind: 'export',
      to: actor.user.email,
      subject: delivery.subject,
      text:
        `The ${delivery.title} you asked for in ${membership.title} is ready.\n\n` +
        `Download it within 7 days: ${link}`,
    },
  ]);
  await markMailed(db, exported.id);
}

async function storeExport(
  ctx: Pick<AppContext, 'database' | 'storage'>,
  delivery: ExportDelivery,
  data: string | Buffer,
) {
  const { extension, contentType } = delivery.file ?? CSV_FILE;
  const key = `exports/${delivery.jobId}.${extension}`;
  await ctx.storage.put(key, data);
  return createExport(ctx.database.db, {
    job_id: delivery.jobId,
    account_id: delivery.accountId,
    user_id: delivery.userId,
    filename: `${delivery.filePrefix}-${new Date().toISOString().slice(0, 10)}.${extension}`,
    content_type: contentType,
    storage_key: key,
  });
}
