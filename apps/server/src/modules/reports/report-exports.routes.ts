import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, idParamSchema } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import type { ReportForFiles } from './report-format';
import { writeReportPdf } from './report-pdf';
import { pdfNeedsJob, queueReportPdf } from './report-pdf.job';
import { CONTENT_TYPES, reportSheet, SHEET_FORMATS } from './report-sheets';
import { publicReport } from './public-reports.service';
import { actorForReport } from './reports.access';
import { tags } from './reports.routes';
import { reportDetails } from './reports.service';
import { publicPageLimit } from '../../http/rate-limits';

const FILE_TYPES = ['pdf', 'positions', 'events'] as const;
type FileType = (typeof FILE_TYPES)[number];

const fileQuery = {
  offset: z.coerce
    .number()
    .int()
    .min(-900)
    .max(900)
    .default(0)
    .describe('The viewer’s minutes east of UTC (Date.getTimezoneOffset() negated)'),
  format: z
    .enum(SHEET_FORMATS, { error: 'format must be csv or xlsx' })
    .default('csv')
    .describe('positions and events only'),
};
const typeSchema = z.enum(FILE_TYPES, { error: 'type must be pdf, positions or events' });

/** `truck-12-2026-03-02-positions.xlsx`: the tracker, the first day, what the file holds. */
function filename(report: ReportForFiles, type: FileType, extension: string) {
  const name = report.device.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const what = type === 'pdf' ? '' : `-${type}`;
  return `${name || 'report'}-${report.start_at.slice(0, 10)}${what}.${extension}`;
}

/** Sends the file as a download; the route's JSON response schema does not apply to it. */
function sendFile(
  reply: FastifyReply,
  report: ReportForFiles,
  type: FileType,
  format: 'csv' | 'xlsx',
  offsetMinutes: number,
  appUrl: string,
) {
  const kind = type === 'pdf' ? 'pdf' : format;
  const body: Readable =
    type === 'pdf'
      ? writeReportPdf(report, { offsetMinutes, appUrl })
      : reportSheet(report, type, format, offsetMinutes);
  return reply
    .type(CONTENT_TYPES[kind])
    .header('content-disposition', `attachment; filename="${filename(report, type, kind)}"`)
    .send(body);
}

/**
 * The files of a saved report (spec 001 §7): its PDF and its positions and alerts as CSV or
 * XLSX, for a signed-in reader and through the public link. Thin: the reports service reads
 * the report and decides who may (404 as for its details).
 */
export const reportExportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/reports/:id/export',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary:
          'A report’s PDF (type pdf, the default) or its positions or alerts as CSV or XLSX. A PDF of more positions than the server makes while waiting answers 202 and is e-mailed as a link',
        params: z.object({ id: idParamSchema }),
        querystring: z.object({ ...fileQuery, type: typeSchema.default('pdf') }),
        response: { 202: dataEnvelope(z.object({ queued: z.literal(true) })) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { type, format, offset } = request.query;
      const actor = await actorForReport(request, id);
      const report = await reportDetails(ctx, actor, id);
      if (type === 'pdf' && pdfNeedsJob(ctx, report)) {
        await queueReportPdf(ctx, actor, id, offset);
        return reply.code(202).send({ data: { queued: true as const } });
      }
      return sendFile(reply, report, type, format, offset, ctx.config.appUrl);
    },
  );

  app.get(
    '/public-reports/:uuid/export/:type',
    {
      config: { access: 'public', rateLimit: publicPageLimit(ctx.config.PUBLIC_RATE_LIMIT) },
      schema: {
        tags,
        summary:
          'A public report’s PDF or its positions or alerts as CSV or XLSX, without a login; 404 unless the report is public',
        description:
          'A public PDF is always made while the request waits: there is nobody to e-mail it to.',
        security: [],
        params: z.object({ uuid: z.uuid(), type: typeSchema }),
        querystring: z.object(fileQuery),
      },
    },
    async (request, reply) => {
      const { uuid, type } = request.params;
      const { format, offset } = request.query;
      const report = await publicReport(ctx, uuid);
      return sendFile(reply, report, type, format, offset, ctx.config.appUrl);
    },
  );
};
