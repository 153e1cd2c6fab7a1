import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  publicReportRowsSchema,
  publicReportSchema,
  reportFormatSchema,
  textSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { sendJsonText } from '../../http/json-text';
import { publicReportJson } from './public-reports.service';
import { tags } from './reports.routes';
import { publicPageLimit } from '../../http/rate-limits';

/** The public report page's call (spec 001 §2 /reports/view/{uuid}, §7): no login. */
export const publicReportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/public-reports/:uuid',
    {
      config: { access: 'public', rateLimit: publicPageLimit(ctx.config.PUBLIC_RATE_LIMIT) },
      schema: {
        tags,
        summary:
          'A published report by its public link, without a login: range, tracker name, positions, stops, alerts and summary',
        description:
          'Answers only what the public page shows, from the report’s snapshot (the same after the tracker’s history changes or it moves to another account): never the report or account id, the include_* flags or who made it. include=device is accepted (the web app sends it); the device’s name is always there. 404 for an unknown uuid and for a report that is not public, so turning Public off takes the link down at once.',
        security: [],
        params: z.object({ uuid: z.uuid() }),
        querystring: z.object({
          include: textSchema({ max: 100 }).optional().describe('include=device (always there)'),
          format: reportFormatSchema,
        }),
        response: { 200: dataEnvelope(z.union([publicReportSchema, publicReportRowsSchema])) },
      },
    },
    async (request, reply) => {
      const format = request.query.format ?? 'objects';
      const text = await publicReportJson(ctx, request.params.uuid, format);
      return sendJsonText(request, reply, text);
    },
  );
};
