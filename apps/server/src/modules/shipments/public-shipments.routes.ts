import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, publicShipmentSchema } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { publicShipment } from './public-shipments.service';
import { partsQuery } from './shipment-query';
import { tags } from './shipments.routes';
import { publicPageLimit } from '../../http/rate-limits';

/** The public tracking page's call (spec 001 §7): by uuid, without a login. */
export const publicShipmentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/public-shipments/:uuid',
    {
      config: { access: 'public', rateLimit: publicPageLimit(ctx.config.PUBLIC_RATE_LIMIT) },
      schema: {
        tags,
        summary:
          'A shipment by its public link, without a login: name, status, scheduled start and end, ended_at, the predicted arrival while ongoing, the destination (name and point), and (when asked) events, path and current position',
        description:
          'Answers only what the public page shows: never e-mails, phones, account, device or geofence ids. include=device and with_geofences are accepted (the web app sends them) but add nothing: the page shows no tracker and no geofence. 404 for an unknown uuid or an account without shipments.',
        security: [],
        params: z.object({ uuid: z.uuid() }),
        querystring: z.object(partsQuery),
        response: { 200: dataEnvelope(publicShipmentSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const data = await publicShipment(ctx, request.params.uuid, {
        includeEvents: q.include?.includes('events') ?? false,
        withPath: q.with_path,
        withCurrentPosition: q.with_current_position,
      });
      return { data };
    },
  );
};
