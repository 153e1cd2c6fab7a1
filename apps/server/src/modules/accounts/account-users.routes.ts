import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountUserSchema,
  accountUserUpdateSchema,
  dataEnvelope,
  idParamSchema,
  listEnvelope,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { pageMeta, pageQuery } from '../../http/pagination';
import { idParam } from '../../http/params';
import {
  accountUserDetails,
  accountUsersPage,
  removeAccountUser,
  updateAccountUser,
} from './account-users.service';

const userParams = z.object({ id: idParamSchema, userId: idParamSchema });

/** The account's users and their access (spec 002 §2.3 Users list, §7.1; manage Users). */
export const accountUserRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/accounts/:id/users',
    {
      config: { access: 'account' },
      schema: {
        tags: ['accounts'],
        summary:
          "The account's users with their role and device access (manage Users). include=devicesCount counts the trackers each limited user sees, through groups too",
        params: idParam,
        querystring: pageQuery.extend({ include: z.string().max(200).optional() }),
        response: { 200: listEnvelope(accountUserSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      const { page, per_page, query, include } = request.query;
      const { rows, total } = await accountUsersPage(ctx, actor, {
        ...(query ? { search: query } : {}),
        limit: per_page,
        offset: (page - 1) * per_page,
        withCounts: (include ?? '').split(',').includes('devicesCount'),
      });
      return { data: rows, meta: pageMeta(total, page, per_page) };
    },
  );

  app.get(
    '/accounts/:id/users/:userId',
    {
      config: { access: 'account' },
      schema: {
        tags: ['accounts'],
        summary: 'One user of the account with their access and devices_count (manage Users)',
        params: userParams,
        response: { 200: dataEnvelope(accountUserSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return { data: await accountUserDetails(ctx, actor, request.params.userId) };
    },
  );

  app.put(
    '/v2/accounts/:id/users/:userId',
    {
      config: { access: 'account' },
      schema: {
        tags: ['accounts'],
        summary:
          "Change a user's role and tracker access (manage Users; the Admin role needs manage Account; admin always gets every tracker). Enforced from the next request, open sockets included",
        params: userParams,
        body: accountUserUpdateSchema,
        response: { 200: dataEnvelope(accountUserSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return {
        data: await updateAccountUser(ctx, actor, request.params.userId, request.body),
      };
    },
  );

  app.delete(
    '/accounts/:id/users/:userId',
    {
      config: { access: 'account' },
      schema: {
        tags: ['accounts'],
        summary: 'Remove a user from the account; their login and other accounts stay',
        params: userParams,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      await removeAccountUser(ctx, actor, request.params.userId);
      return { data: null };
    },
  );
};
