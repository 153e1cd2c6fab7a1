import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, historyRetentionSchema } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { idParam } from '../../http/params';
import { historyRetention } from './history.service';

/** How long the account keeps its raw position history (issue 40; the Account Settings screen). */
export const historyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts/:id/history-retention',
    {
      config: { access: 'account' },
      schema: {
        tags: ['accounts'],
        summary:
          "The account's history policy (manage Account): fixes older than raw_days are thinned to one per thin_minutes per tracker, fixes older than keep_days removed a whole month at a time once every account's history has passed it; null: never. Trips, stops and daily summaries are kept as long as the account",
        params: idParam,
        response: { 200: dataEnvelope(historyRetentionSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return { data: await historyRetention(ctx, actor) };
    },
  );
};
