import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, listEnvelope, roleSchema } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { accountAccess, authorize } from '../../http/account-access';
import { forbidden } from '../../http/errors';
import { pageMeta, pageQuery } from '../../http/pagination';
import { idParam } from '../../http/params';
import { newToken } from '../../http/tokens';
import { accountUsers } from './account-users.queries';
import { apiTokenOf, setApiToken } from './accounts.queries';

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
  const { db } = ctx.database;

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
      const { ability } = await accountAccess(db, request, request.params.id);
      authorize(ability, 'manage', 'Users');
      const { page, per_page, query } = request.query;
      const { rows, total } = await accountUsers(db, request.params.id, {
        ...(query ? { search: query } : {}),
        limit: per_page,
        offset: (page - 1) * per_page,
      });
      return {
        data: rows.map((r) => ({
          ...r,
          devices_count: r.full_device_access ? null : r.device_ids.length,
        })),
        meta: pageMeta(total, page, per_page),
      };
    },
  );

  async function apiTokenAccess(request: Parameters<typeof accountAccess>[1], accountId: number) {
    const access = await accountAccess(db, request, accountId);
    authorize(access.ability, 'manage', 'Account');
    if (!access.membership.has_api_access) throw forbidden('This account has no API access.');
    return access;
  }

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
      await apiTokenAccess(request, request.params.id);
      return { data: { api_token: await apiTokenOf(db, request.params.id) } };
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
      await apiTokenAccess(request, request.params.id);
      const api_token = newToken();
      await setApiToken(db, request.params.id, api_token);
      return { data: { api_token } };
    },
  );
};
