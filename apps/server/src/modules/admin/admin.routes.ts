import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../http/auth';
import { presentUnassignedDevice } from './admin.present';
import { unassignedDevicesFor } from './admin.service';

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
};
