import { basename, dirname, resolve } from 'node:path';
import send from '@fastify/send';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@waymark/domain';
import type { AppContext } from '../../app-context';

/** Where the web app reads the street map archive (config `map_pmtiles_url`). */
export const MAP_ARCHIVE_PATH = '/map/streets.pmtiles';

/**
 * The MAP_PMTILES archive, byte ranges of it: the browser's `pmtiles` reader asks for the
 * header, then the directories and tiles it needs (206 with Content-Range; 416 for a range
 * outside the file), revalidated by ETag and Last-Modified. `send` (the file sender under
 * @fastify/static) answers exactly that; the one configured file is its only root entry, so
 * no other path on disk can be named. Public: the public shipment page draws the map too.
 */
export const mapArchiveRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const archive = ctx.config.MAP_PMTILES ? resolve(ctx.config.MAP_PMTILES) : undefined;
  app.get(
    MAP_ARCHIVE_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'The street map archive (MAP_PMTILES), by HTTP range requests',
        hide: true,
      },
    },
    async (request, reply) => {
      if (!archive) {
        return reply.status(404).send({
          message: 'No street map archive is configured (MAP_PMTILES)',
        } satisfies ErrorBody);
      }
      const answer = await send(request.raw, basename(archive), {
        root: dirname(archive),
        acceptRanges: true,
        etag: true,
        lastModified: true,
        dotfiles: 'allow',
        // Revalidated on every visit: a new cut of the region under the same name shows at once.
        cacheControl: false,
      });
      if (answer.type === 'error') {
        // 416 keeps its `Content-Range: bytes */size`, so the reader learns the archive's size.
        const range = answer.headers['Content-Range'];
        if (range) reply.header('content-range', range);
        const message =
          answer.statusCode === 416
            ? 'The range is outside the street map archive'
            : 'The street map archive cannot be read';
        if (answer.statusCode >= 500) request.log.error(answer.metadata.error, message);
        return reply.status(answer.statusCode).send({ message } satisfies ErrorBody);
      }
      return reply
        .status(answer.statusCode)
        .headers(answer.headers)
        .header('cache-control', 'no-cache')
        .type('application/vnd.pmtiles')
        .send(answer.stream);
    },
  );
};
