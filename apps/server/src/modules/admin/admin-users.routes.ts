import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserSchema,
  auditEntrySchema,
  dataEnvelope,
  imitationSchema,
  listEnvelope,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../http/auth';
import { pageMeta, pageQuery } from '../../http/pagination';
import { idParam } from '../../http/params';
import { adminUsersPage, auditLogPage, startImitation } from './admin-users.service';

const page = (q: { page: number; per_page: number; query?: string | undefined }) => ({
  ...(q.query ? { search: q.query } : {}),
  limit: q.per_page,
  offset: (q.page - 1) * q.per_page,
});

/** Platform admins find any user, open their session, and read what admins wrote. */
export const adminUserRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/users',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every user by name, searched by name or e-mail (platform admins only)',
        querystring: pageQuery,
        response: { 200: listEnvelope(adminUserSchema) },
      },
    },
    async (request) => {
      const { rows, total } = await adminUsersPage(ctx, requireAuth(request), page(request.query));
      return { data: rows, meta: pageMeta(total, request.query.page, request.query.per_page) };
    },
  );

  app.post(
    '/admin/users/:id/imitation',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['admin'],
        summary: 'Impersonate a user: an imitation token for the app (platform admins only)',
        description:
          'The app sends the token instead of the admin’s own (spec 002 §6: the token, ' +
          'imitate_from and admin URL parameters). It expires after one hour; DELETE /imitate ' +
          'ends it sooner. Every write made with it is recorded with both identities (GET ' +
          '/admin/audit-log). 403 unless a platform admin, or when the user is one; 404 for ' +
          'no such user.',
        params: idParam,
        response: { 201: dataEnvelope(imitationSchema) },
      },
    },
    async (request, reply) => {
      const data = await startImitation(ctx, requireAuth(request), request.params.id);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/admin/audit-log',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['admin'],
        summary: 'Writes of platform admins, own and while imitating, newest first',
        description:
          'Searched by either person’s name or e-mail, the path, or the summary (what a Utilities action did). Platform admins only.',
        querystring: pageQuery,
        response: { 200: listEnvelope(auditEntrySchema) },
      },
    },
    async (request) => {
      const { rows, total } = await auditLogPage(ctx, requireAuth(request), page(request.query));
      return { data: rows, meta: pageMeta(total, request.query.page, request.query.per_page) };
    },
  );
};
