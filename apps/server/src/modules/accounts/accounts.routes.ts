import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, listEnvelope, roleSchema } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { pageMeta, pageQuery } from '../../http/pagination';
import { idParam } from '../../http/params';
import { presentAccountUser } from './accounts.present';
import { accountUsersPage, apiToken, resetApiToken } from './accounts.service';

const accountUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  full_device_access: z.boolean(),
  device_ids: z.array(z.number().int()),
  group_ids: z.array(z.number().int()),
  /** Devices the user may see through device_ids; null means every device of the account. */
  devices_count: z.number().int().nullable(),
});
const apiTokenEnvelope = dataEnvelope(z.object({ api_token: z.string().nullable() }));

/** Account-level user access and API token (spec 002 §2.3, §7.1). */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts/:id/users',
    {
      schema: {
        tags: ['accounts'],
        summary: "The account's users with their role and device access (manage Users)",
        params: idParam,
        querystring: pageQuery,
        response: { 200: listEnvelope(accountUserSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      const { page, per_page, query } = request.query;
      const { rows, total } = await accountUsersPage(ctx, actor, {
        ...(query ? { search: query } : {}),
        limit: per_page,
        offset: (page - 1) * per_page,
      });
      return {
        data: rows.map(presentAccountUser),
        meta: pageMeta(total, page, per_page),
      };
    },
  );

  app.get(
    '/accounts/:id/api-token',
    {
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
