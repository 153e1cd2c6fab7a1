import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { textSchema } from '@waymark/domain';
import type { AppContext } from '../app-context';
import { publicPageLimit } from './rate-limits';

/** The parts of a violation report worth a log line; the rest (the page's URL) may hold tokens. */
const violationSchema = z
  .object({
    'effective-directive': textSchema({ max: 100 }).optional(),
    'violated-directive': textSchema({ max: 200 }).optional(),
    'blocked-uri': textSchema({ max: 2000 }).optional(),
  })
  .loose();

/** A report's origin only: a blocked URL's path and query may carry tokens or ids. */
function originOnly(uri: string | undefined) {
  if (!uri) return undefined;
  try {
    return new URL(uri).origin;
  } catch {
    return uri.slice(0, 40); // 'inline', 'eval', 'data', 'blob'
  }
}

/**
 * Where browsers report what the Content-Security-Policy blocked (`report-uri`): each report
 * is a warning in the log, so an installation learns of a service its CSP lacks.
 */
export const cspReportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const type of ['application/csp-report', 'application/reports+json']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(null, {});
      }
    });
  }
  app.post(
    '/csp-reports',
    {
      config: { access: 'public', rateLimit: publicPageLimit(ctx.config.PUBLIC_RATE_LIMIT) },
      schema: {
        tags: ['health'],
        summary: "Browsers' reports of what the Content-Security-Policy blocked (logged)",
        body: z.object({ 'csp-report': violationSchema.optional() }).loose(),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const report = request.body['csp-report'];
      if (report) {
        request.log.warn(
          {
            directive: report['effective-directive'] ?? report['violated-directive'],
            blocked: originOnly(report['blocked-uri']),
          },
          'Content-Security-Policy violation',
        );
      }
      return reply.status(204).send(null);
    },
  );
};
