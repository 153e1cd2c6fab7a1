import { z } from 'zod';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { unknownDevices } from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { forbidden } from '../../http/errors';

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
      if (!requireAuth(request).user.is_gpx_admin) throw forbidden();
      const rows = await ctx.database.db
        .select()
        .from(unknownDevices)
        .orderBy(desc(unknownDevices.last_seen_at))
        .limit(500);
      return {
        data: rows.map((r) => ({
          ...r,
          first_seen_at: r.first_seen_at.toISOString(),
          last_seen_at: r.last_seen_at.toISOString(),
        })),
      };
    },
  );
};
