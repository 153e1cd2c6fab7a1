import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import websocket from '@fastify/websocket';
import rateLimit from '@fastify/rate-limit';
import { securityHeaders } from './security-headers';
import { contentSecurityPolicy } from './content-security-policy';
import { recordRouteTable } from './route-access';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ErrorBody } from '@waymark/domain';
import type { AppContext } from '../app-context';
import { VERSION } from '../version';
import { authPlugin } from './auth';
import { registerErrorHandler } from './error-handler';

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** What a role's root hands the HTTP app: its context, its routes and its stop. */
export interface HttpParts<C extends AppContext> {
  /** Builds the context with the app's logger. */
  makeContext: (log: FastifyBaseLogger) => Promise<C>;
  /** Registers the role's plugins and routes (under /api) once the shared plugins are in. */
  routes: (app: FastifyInstance, ctx: C) => Promise<void>;
  /** Stops what the context started, when the app closes. */
  close: (ctx: C) => Promise<void>;
}

/**
 * Builds the HTTP app: shared plugins in a visible order, then the routes a role's root gives
 * (`roles/api.ts`), then the web app.
 */
export async function buildHttpApp<C extends AppContext>(
  parts: HttpParts<C>,
  options: {
    logger?: FastifyServerOptions['logger'];
    /**
     * Read the client's address from X-Forwarded-For (TRUST_PROXY): only behind a proxy that
     * sets it, or anyone could pick the address the login throttle counts.
     */
    trustProxy?: boolean;
  } = {},
) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  recordRouteTable(app);
  const ctx = await parts.makeContext(app.log);
  app.decorate('ctx', ctx as AppContext);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Waymark API',
        version: VERSION,
        description:
          'Fleet and asset tracking. Every body is `{ data }` (lists add `meta`); errors are ' +
          '`{ message, errors }`. Authenticate with `Authorization: Bearer <token>` from ' +
          '`POST /api/token`; send the browser time zone in `X-Timezone`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  const webDist = ctx.config.WEB_DIST_DIR ?? defaultWebDist;
  const indexHtml = existsSync(`${webDist}/index.html`)
    ? readFileSync(`${webDist}/index.html`, 'utf8')
    : undefined;
  await app.register(securityHeaders, { csp: contentSecurityPolicy(ctx.config, indexHtml) });
  await app.register(rateLimit, { global: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(authPlugin, { db: ctx.database.db });
  await parts.routes(app, ctx);

  registerWebApp(app, webDist);
  app.addHook('onClose', () => parts.close(ctx));
  // The role's context type (the all-in-one's has the pipeline), for its callers and tests.
  return app as typeof app & { ctx: C };
}

/** A path naming a file (`/images/x.png`): the web router has no such screens. */
const FILE_PATH = /\.[a-z0-9]+$/i;

/**
 * Serves the built web app when there is one; every other GET outside /api gets index.html
 * so the web router can take the path. Unknown API paths and missing files (an image that is
 * not there) answer 404 in the error envelope, so an <img> falls back instead of reading HTML.
 */
function registerWebApp(app: FastifyInstance, root: string) {
  const hasWebApp = existsSync(`${root}/index.html`);
  if (hasWebApp) void app.register(fastifyStatic, { root, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const missingFile = FILE_PATH.test(request.url.split('?')[0]!);
    if (!hasWebApp || request.url.startsWith('/api') || request.method !== 'GET' || missingFile) {
      return reply.status(404).send({ message: 'Not Found' } satisfies ErrorBody);
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
