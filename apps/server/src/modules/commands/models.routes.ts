import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandSchema, dataEnvelope, listEnvelope, trackerModelSchema } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../http/auth';
import { pageMeta, pageQuery } from '../../http/pagination';
import { idParam } from '../../http/params';
import { commandsOfModel, modelPage } from './commands.queries';

/** The catalogue of tracker models and their commands (spec 001 §7 "Supporting fetches"). */
export const modelRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/models',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['commands'],
        summary: 'Tracker models by title, a page at a time (the rule editor asks for 200)',
        querystring: pageQuery,
        response: { 200: listEnvelope(trackerModelSchema) },
      },
    },
    async (request) => {
      requireAuth(request);
      const { page, per_page } = request.query;
      const { rows, total } = await modelPage(ctx.database.db, page, per_page);
      return { data: rows, meta: pageMeta(total, page, per_page) };
    },
  );

  app.get(
    '/models/:id/commands',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['commands'],
        summary: "The model's command templates by title",
        params: idParam,
        response: { 200: dataEnvelope(z.array(commandSchema)) },
      },
    },
    async (request) => {
      requireAuth(request);
      return { data: await commandsOfModel(ctx.database.db, request.params.id) };
    },
  );
};
