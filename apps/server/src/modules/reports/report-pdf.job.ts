import { buffer } from 'node:stream/consumers';
import type { Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import type { JobPayloads } from '../../jobs/job-catalogue';
import type { QueuedJob } from '../../jobs/job-queue';
import { deliverExport } from '../exports/deliver-export';
import { writeReportPdf } from './report-pdf';
import { CONTENT_TYPES } from './report-sheets';
import { reportDetails } from './reports.service';

/**
 * Reports with more positions than REPORT_PDF_JOB_POSITIONS (20,000 unless configured) get
 * their PDF by e-mail (spec 002 §8's modal): a 30-day report of a tracker reporting every 30 s
 * has 86,400. Below it the PDF is made while the request waits (about 0.2 s for 20,000
 * positions); above it a job makes it, so a request never holds a month of positions and a
 * PDF in memory.
 */
export function pdfNeedsJob(
  ctx: Pick<AppContext, 'config'>,
  report: { positions: readonly unknown[] },
): boolean {
  return report.positions.length > ctx.config.REPORT_PDF_JOB_POSITIONS;
}

/** Queues the PDF; the job mails the user a link once it is stored. */
export async function queueReportPdf(
  ctx: AppContext,
  actor: Actor,
  reportId: number,
  offsetMinutes: number,
) {
  await ctx.jobs.enqueue('report-pdf', {
    user_id: actor.user.id,
    account_id: actor.accountId,
    report_id: reportId,
    offset: offsetMinutes,
  });
}

/**
 * The report-pdf job: the report as the user may read it when the job runs (a report deleted
 * or a tracker hidden since is 404 and the job fails), rendered and delivered as every
 * e-mailed export is.
 */
export function deliverReportPdf(ctx: AppContext, job: QueuedJob<JobPayloads['report-pdf']>) {
  const { data } = job;
  return deliverExport(ctx, {
    jobId: job.id,
    userId: data.user_id,
    accountId: data.account_id,
    filePrefix: 'report',
    title: 'report PDF',
    subject: 'Your Waymark report PDF is ready',
    file: { extension: 'pdf', contentType: CONTENT_TYPES.pdf },
    build: async (_membership, actor) => {
      const report = await reportDetails(ctx, actor, data.report_id);
      return buffer(
        writeReportPdf(report, { offsetMinutes: data.offset, appUrl: ctx.config.appUrl }),
      );
    },
  });
}
