import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, placeSchema, searchQuerySchema } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../http/auth';

/** Address autocomplete for address fields (geofences, anchors, shipments) through the geocoder. */
export const placeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/places',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['places'],
        summary: 'Places whose name starts with the typed text, best first',
        description:
          'Offline (default): towns of the bundled GeoNames gazetteer whose "Name, ST, CC" label starts with the query, most populous first. With GEOCODER_URL: the search of that Nominatim-compatible server. An unreachable server answers an empty list (logged), so forms stay usable.',
        querystring: z.object({
          query: searchQuerySchema.default(''),
          limit: z.coerce.number().int().min(1).max(20).default(5),
        }),
        response: { 200: dataEnvelope(z.array(placeSchema)) },
      },
    },
    async (request) => {
      requireAuth(request);
      const { query, limit } = request.query;
      if (!query) return { data: [] };
      try {
        return { data: await ctx.geocoder.search(query, limit) };
      } catch (error) {
        request.log.warn({ err: error }, 'place search failed');
        return { data: [] };
      }
    },
  );
};
