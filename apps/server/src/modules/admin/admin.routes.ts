import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAccountSchema, dataEnvelope, listEnvelope } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../http/auth';
import { pageMeta, pageQuery } from '../../http/pagination';
import { idParam } from '../../http/params';
import { presentUnassignedDevice } from './admin.present';
import { adminAccount, adminAccountsPage, unassignedDevicesFor } from './admin.service';

/** Platform-admin views across accounts. */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/unassigned-devices',
    {
      schema: {
        tags: ['admin'],
        summary: 'Serials that reported but belong to no tracker (platform admins only)',
        response: {
          200: dataEnvelope(
            z.array(
              z.object({
                serial: z.string(),
                protocol: z.string(),
                reports: z.number().int(),
                first_seen_at: z.string(),
                last_seen_at: z.string(),
                remote_address: z.string().nullable(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const rows = await unassignedDevicesFor(ctx, requireAuth(request));
      return { data: rows.map(presentUnassignedDevice) };
    },
  );

  app.get(
    '/admin/accounts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every account by title, searched by title (platform admins only)',
        querystring: pageQuery,
        response: { 200: listEnvelope(adminAccountSchema) },
      },
    },
    async (request) => {
      const { page, per_page, query } = request.query;
      const { rows, total } = await adminAccountsPage(ctx, requireAuth(request), {
        ...(query ? { search: query } : {}),
        limit: per_page,
        offset: (page - 1) * per_page,
      });
      return { data: rows, meta: pageMeta(total, page, per_page) };
    },
  );

  app.get(
    '/admin/accounts/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One account as a platform admin opens it (platform admins only)',
        params: idParam,
        response: { 200: dataEnvelope(adminAccountSchema) },
      },
    },
    async (request) => ({
      data: await adminAccount(ctx, requireAuth(request), request.params.id),
    }),
  );
};
