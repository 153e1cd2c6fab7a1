import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appConfigSchema, dataEnvelope } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { VERSION } from '../../version';
import { MAP_ARCHIVE_PATH } from '../map/map-archive.routes';

/** Liveness for operators and the public settings the web app needs before login. */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'Health: database reachable and version (503 when the database is not)',
        response: {
          200: dataEnvelope(
            z.object({ status: z.literal('ok'), database: z.string(), version: z.string() }),
          ),
          503: z.object({ message: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      if (!(await ctx.database.ping())) {
        return reply.status(503).send({ message: 'Database unreachable' });
      }
      return { data: { status: 'ok' as const, database: ctx.database.kind, version: VERSION } };
    },
  );

  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'Public settings of this installation (brand hosts, help link, version)',
        response: {
          200: dataEnvelope(appConfigSchema),
        },
      },
    },
    async () => ({
      data: {
        version: VERSION,
        business_app_url: ctx.config.BUSINESS_APP_URL ?? null,
        consumer_app_url: ctx.config.CONSUMER_APP_URL ?? null,
        consumer_hosts: ctx.config.CONSUMER_HOSTS,
        help_url: ctx.config.HELP_URL ?? null,
        help_chat_url: ctx.config.HELP_CHAT_URL ?? null,
        support_email: ctx.config.SUPPORT_EMAIL,
        sentry_dsn: ctx.config.SENTRY_DSN ?? null,
        sentry_environment: ctx.config.SENTRY_ENVIRONMENT,
        map_style_url: ctx.config.MAP_STYLE_URL ?? null,
        satellite_url: ctx.config.SATELLITE_URL || null,
        map_pmtiles_url: ctx.config.MAP_PMTILES ? `/api${MAP_ARCHIVE_PATH}` : null,
      },
    }),
  );
};
