import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, positionFilterSchema } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { idParam } from '../../http/params';
import { apiToken, positionFilter, resetApiToken, updatePositionFilter } from './accounts.service';

const apiTokenEnvelope = dataEnvelope(z.object({ api_token: z.string().nullable() }));

/**
 * The account's API token (spec 002 §2.3 API access page, §7.1) and its position filter
 * bounds (issue 36: fixes that cannot be true are stored, marked, and move nothing).
 */
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

  app.get(
    '/accounts/:id/position-filter',
    {
      config: { access: 'account' },
      schema: {
        tags: ['accounts'],
        summary:
          "The account's position filter bounds (manage Account): the maximum speed implied between fixes, in km/h, and the coarsest cell or Wi-Fi fix accepted, in metres",
        params: idParam,
        response: { 200: dataEnvelope(positionFilterSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return { data: await positionFilter(ctx, actor) };
    },
  );

  app.put(
    '/accounts/:id/position-filter',
    {
      config: { access: 'account' },
      schema: {
        tags: ['accounts'],
        summary:
          'Change the position filter bounds; fixes from the next batch on are judged by them',
        params: idParam,
        body: positionFilterSchema,
        response: { 200: dataEnvelope(positionFilterSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return { data: await updatePositionFilter(ctx, actor, request.body) };
    },
  );
};
