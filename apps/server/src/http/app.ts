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
import { cspReportRoutes } from './csp-reports';
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
import { closeContext } from '../context';
import { anchorImageRoutes } from '../modules/anchors/anchor-images.routes';
import { anchorRoutes } from '../modules/anchors/anchors.routes';
import { commandRoutes } from '../modules/commands/commands.routes';
import { modelRoutes } from '../modules/commands/models.routes';
import { deviceSetupRoutes } from '../modules/device-setup/device-setup.routes';
import { ruleRoutes } from '../modules/rules/rules.routes';
import { chatFileRoutes } from '../modules/scout/chat-files.routes';
import { scoutRoutes } from '../modules/scout/scout.routes';
import { deviceListRoutes } from '../modules/devices/device-lists.routes';
import { deviceTriggerRoutes } from '../modules/devices/device-triggers.routes';
import { deviceRoutes } from '../modules/devices/devices.routes';
import { geofenceRoutes } from '../modules/geofences/geofences.routes';
import { placeRoutes } from '../modules/places/places.routes';
import { dwellRoutes } from '../modules/dwell/dwell.routes';
import { groupRoutes } from '../modules/groups/groups.routes';
import { simReplacementRoutes } from '../modules/sim-replacement/sim-replacement.routes';
import { adminRoutes } from '../modules/admin/admin.routes';
import { adminUserRoutes } from '../modules/admin/admin-users.routes';
import { auditLogPlugin } from '../modules/admin/audit-log.plugin';
import { alertRoutes } from '../modules/alerts/alerts.routes';
import { outboxRoutes } from '../modules/admin/outbox.routes';
import { ingestRoutes } from '../modules/ingest/ingest.routes';
import { exportRoutes } from '../modules/exports/exports.routes';
import { reportExportRoutes } from '../modules/reports/report-exports.routes';
import { positionRoutes } from '../modules/positions/positions.routes';
import { tripRoutes } from '../modules/trips/trips.routes';
import { reportScheduleRoutes } from '../modules/report-schedules/report-schedules.routes';
import { realtimeRoutes } from '../realtime/realtime.routes';
import { publicShipmentRoutes } from '../modules/shipments/public-shipments.routes';
import { reportRoutes } from '../modules/reports/reports.routes';
import { publicReportRoutes } from '../modules/reports/public-reports.routes';
import { shipmentBulkRoutes } from '../modules/shipments/shipment-bulk.routes';
import { shipmentPositionRoutes } from '../modules/shipments/shipment-positions.routes';
import { shipmentRoutes } from '../modules/shipments/shipments.routes';
import { accountRoutes } from '../modules/accounts/accounts.routes';
import { accountUserRoutes } from '../modules/accounts/account-users.routes';
import { invitationRoutes } from '../modules/invitations/invitations.routes';
import { pendingInvitationRoutes } from '../modules/invitations/pending-invitations.routes';
import { authRoutes } from '../modules/auth/auth.routes';
import { healthRoutes } from '../modules/health/health.routes';
import { mapArchiveRoutes } from '../modules/map/map-archive.routes';
import { metricsRoutes } from '../modules/health/metrics.routes';
import { userRoutes } from '../modules/users/users.routes';
import { billingRoutes } from '../modules/billing/billing.routes';
import { surveyRoutes } from '../modules/surveys/surveys.routes';
import { workJobs } from '../jobs/job-handlers';
import { VERSION } from '../version';
import { authPlugin } from './auth';
import { deviceUtilityRoutes } from '../modules/utilities/device-utilities.routes';
import { inventoryRoutes } from '../modules/utilities/inventory.routes';
import { registerErrorHandler } from './error-handler';

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** Builds the HTTP app: plugins in a visible order, every route under /api. */
export async function buildApp(
  makeContext: (log: FastifyBaseLogger) => Promise<AppContext>,
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
  const ctx = await makeContext(app.log);
  app.decorate('ctx', ctx);
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
  await app.register(auditLogPlugin, { ctx });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(metricsRoutes, { ctx });
      await api.register(mapArchiveRoutes, { ctx });
      await api.register(cspReportRoutes, { ctx });
      await api.register(authRoutes, { ctx });
      await api.register(userRoutes, { ctx });
      await api.register(accountRoutes, { ctx });
      await api.register(accountUserRoutes, { ctx });
      await api.register(invitationRoutes, { ctx });
      await api.register(pendingInvitationRoutes, { ctx });
      await api.register(realtimeRoutes, { ctx, hub: ctx.hub });
      await api.register(positionRoutes, { ctx });
      await api.register(tripRoutes, { ctx });
      await api.register(reportScheduleRoutes, { ctx });
      await api.register(exportRoutes, { ctx });
      await api.register(ingestRoutes, { ctx });
      await api.register(adminRoutes, { ctx });
      await api.register(adminUserRoutes, { ctx });
      await api.register(outboxRoutes, { ctx });
      await api.register(inventoryRoutes, { ctx });
      await api.register(deviceUtilityRoutes, { ctx });
      await api.register(deviceListRoutes, { ctx });
      await api.register(deviceRoutes, { ctx });
      await api.register(deviceTriggerRoutes, { ctx });
      await api.register(groupRoutes, { ctx });
      await api.register(simReplacementRoutes, { ctx });
      await api.register(commandRoutes, { ctx });
      await api.register(modelRoutes, { ctx });
      await api.register(deviceSetupRoutes, { ctx });
      await api.register(ruleRoutes, { ctx });
      await api.register(geofenceRoutes, { ctx });
      await api.register(placeRoutes, { ctx });
      await api.register(anchorRoutes, { ctx });
      await api.register(anchorImageRoutes, { ctx });
      await api.register(dwellRoutes, { ctx });
      await api.register(scoutRoutes, { ctx });
      await api.register(chatFileRoutes, { ctx });
      await api.register(shipmentRoutes, { ctx });
      await api.register(shipmentBulkRoutes, { ctx });
      await api.register(shipmentPositionRoutes, { ctx });
      await api.register(publicShipmentRoutes, { ctx });
      await api.register(alertRoutes, { ctx });
      await api.register(reportRoutes, { ctx });
      await api.register(publicReportRoutes, { ctx });
      await api.register(reportExportRoutes, { ctx });
      await api.register(billingRoutes, { ctx });
      await api.register(surveyRoutes, { ctx });
    },
    { prefix: '/api' },
  );

  registerWebApp(app, webDist);
  await workJobs(ctx);
  app.addHook('onClose', () => closeContext(ctx));
  return app;
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
