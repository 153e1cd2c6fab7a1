import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  dwellDeviceSchema,
  dwellGeofenceSchema,
  dwellPeriodSchema,
  idParamSchema,
  searchQuerySchema,
} from '@waymark/domain';
import { actorFor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { sendJsonText } from '../../http/json-text';
import { idParam } from '../../http/params';
import { dwellDevicesOf, dwellGeofenceOf, dwellTable } from './dwell.service';

const geofenceParams = idParam.extend({ geofenceId: idParamSchema });

const DEFINITIONS =
  'Figures come from the geofence visits the pipeline records (enter opens a visit, exit ' +
  'closes it), over the last `period` days up to now, counting only devices the user may ' +
  'see. Needs view Dashboard (Admin or Manager of an account with dashboards on).';

/** The dwell dashboard (spec 000 §2.9, §7 "Dwell"): per-geofence dwell figures and devices. */
export const dwellRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts/:id/dwell/geofences',
    {
      config: { access: 'account' },
      schema: {
        tags: ['dwell'],
        summary: 'Dwell figures of every geofence of the account, by name',
        description: `${DEFINITIONS} Gzipped when the client accepts it.`,
        params: idParam,
        querystring: z.object({
          search: searchQuerySchema.optional().describe('Part of the name or address, any case'),
          period: dwellPeriodSchema,
        }),
        response: { 200: dataEnvelope(z.array(dwellGeofenceSchema)) },
      },
    },
    async (request, reply) => {
      const actor = await actorFor(request, request.params.id);
      const { search, period } = request.query;
      const data = await dwellTable(ctx, actor, { period, search: search || undefined });
      // Thousands of rows: the SQL types them, so per-row response validation is skipped.
      return sendJsonText(request, reply, JSON.stringify({ data }));
    },
  );

  app.get(
    '/accounts/:id/dwell/geofences/:geofenceId',
    {
      config: { access: 'account' },
      schema: {
        tags: ['dwell'],
        summary: 'Dwell figures of one geofence (404 when the account has no such geofence)',
        description: DEFINITIONS,
        params: geofenceParams,
        querystring: z.object({ period: dwellPeriodSchema }),
        response: { 200: dataEnvelope(dwellGeofenceSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      const { geofenceId } = request.params;
      return { data: await dwellGeofenceOf(ctx, actor, geofenceId, request.query.period) };
    },
  );

  app.get(
    '/accounts/:id/dwell/geofences/:geofenceId/devices',
    {
      config: { access: 'account' },
      schema: {
        tags: ['dwell'],
        summary:
          'Devices inside the geofence now, longest stay first, with their groups (the rows a ' +
          'dwell row expands to)',
        description: DEFINITIONS,
        params: geofenceParams,
        response: { 200: dataEnvelope(z.array(dwellDeviceSchema)) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return { data: await dwellDevicesOf(ctx, actor, request.params.geofenceId) };
    },
  );
};
