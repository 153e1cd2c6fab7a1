import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, idListSchema, idSchema, textSchema } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { notFound } from '../../errors/domain-error';
import { dateParam } from '../../http/params';
import { sendCsv } from '../positions/positions.csv';
import { findLiveExport } from './exports.queries';
import {
  checkRange,
  CSV_QUEUED_MESSAGE,
  mailPositionsReport,
  positionsReport,
} from './report-builder.service';
import { publicPageLimit } from '../../http/rate-limits';

const deviceIdCondition = z
  .union([idSchema, idListSchema, z.object({ in: idListSchema })])
  .transform((v) => (typeof v === 'number' ? [v] : Array.isArray(v) ? v : v.in));

const reportBuilderBody = z.object({
  type: z.literal('positions', { error: 'type must be positions' }),
  response_type: z.enum(['csv', 'send_email'], {
    error: 'response_type must be csv or send_email',
  }),
  fields: z.array(textSchema({ max: 64 })).optional(),
  filters: z.object({
    account_id: idSchema,
    only_current_positions: z.boolean().optional(),
    fix_time_from: dateParam.optional(),
    fix_time_to: dateParam.optional(),
    offset: z.number().int().min(-900).max(900).optional(),
    device_id: deviceIdCondition.optional(),
    device_ids: idListSchema.optional(),
  }),
});

/** Position downloads: right away as CSV, or built in the background and e-mailed. */
export const exportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;

  app.post(
    '/report-builder',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['positions'],
        summary:
          'Positions CSV of the trackers the user may see over at most 90 days: response_type csv answers the file, send_email answers at once and mails a link when the file is ready',
        body: reportBuilderBody,
        response: { 200: dataEnvelope(z.object({ message: z.string() })) },
      },
    },
    async (request, reply) => {
      const { filters, response_type } = request.body;
      const actor = await actorFor(request, filters.account_id);
      const query = {
        only_current_positions: filters.only_current_positions,
        fix_time_from: filters.fix_time_from,
        fix_time_to: filters.fix_time_to,
        offset: filters.offset,
        device_ids: filters.device_ids ?? filters.device_id,
      };
      checkRange(query);
      if (response_type === 'send_email') {
        await mailPositionsReport(ctx, actor, query);
        return { data: { message: CSV_QUEUED_MESSAGE } };
      }
      return sendCsv(reply, 'positions.csv', await positionsReport(ctx, actor.membership, query));
    },
  );

  app.get(
    '/exports/:uuid',
    {
      config: { access: 'public', rateLimit: publicPageLimit(ctx.config.PUBLIC_RATE_LIMIT) },
      schema: {
        tags: ['positions'],
        summary: 'Download a generated file by the unguessable id mailed to its owner (7 days)',
        params: z.object({ uuid: z.uuid() }),
      },
    },
    async (request, reply) => {
      const file = await findLiveExport(db, request.params.uuid);
      const data = file ? await ctx.storage.get(file.storage_key) : undefined;
      if (!file || !data) throw notFound();
      return reply
        .type(file.content_type)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(data);
    },
  );
};
