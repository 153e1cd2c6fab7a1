import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorizePlatformAdmin } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../http/auth';

/** The process's counters (device listeners, the pipeline) for operators' scrapers. */
export const metricsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/metrics',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['platform'],
        summary: 'Counters of this process in Prometheus text format (platform admins only)',
        description:
          'Per device listener (label `listener`): connections, messages, malformed input, ' +
          'tolerated frames, and connections refused at the per-address limit, the listener ' +
          'maximum or the reserved descriptors, and closed on the idle timeout or the frame ' +
          'deadline; the position pipeline: positions stored, dropped, filtered, unknown, ' +
          'refused and batches. Each process answers for itself. A scraper sends a platform ' +
          'admin’s bearer token.',
        produces: ['text/plain'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      authorizePlatformAdmin(requireAuth(request));
      return reply
        .type('text/plain; version=0.0.4; charset=utf-8')
        .send(ctx.metrics.prometheusText());
    },
  );
};
