import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { idParam } from '../../http/params';
import { apiToken, resetApiToken } from './accounts.service';

const apiTokenEnvelope = dataEnvelope(z.object({ api_token: z.string().nullable() }));

/** The account's API token (spec 002 §2.3 API access page, §7.1). */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts/:id/api-token',
    {
      config: { access: 'account' },
      schema: {
        tags: ['accounts'],
        summary: "The account's API token (manage Account, account flag has_api_access)",
        params: idParam,
        response: { 200: apiTokenEnvelope },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return { data: { api_token: await apiToken(ctx, actor) } };
    },
  );

  app.post(
    '/accounts/:id/reset-token',
    {
      config: { access: 'account' },
      schema: {
        tags: ['accounts'],
        summary: 'Replace the API token; the old one stops working at once',
        params: idParam,
        response: { 200: apiTokenEnvelope },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return { data: { api_token: await resetApiToken(ctx, actor) } };
    },
  );
};
