import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  geofenceEventSchema,
  geofenceSchema,
  geofenceStoreSchema,
  geofenceUpdateSchema,
  idParamSchema,
  listEnvelope,
  nearestGeofenceSchema,
  searchQuerySchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { pageMeta } from '../../http/pagination';
import { dateParam, idParam } from '../../http/params';
import { CSV_QUEUED_MESSAGE } from '../exports/report-builder.service';
import { mailGeofenceVisits } from './geofences.export';
import {
  changeGeofence,
  checkVisitsRange,
  createGeofence,
  geofenceDetails,
  geofenceEvents,
  geofencesOf,
  nearestGeofenceTo,
  removeGeofence,
} from './geofences.service';

const geofenceParams = z.object({
  id: idParamSchema,
  geofenceId: idParamSchema,
});
const flag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => v === '1' || v === 'true');
const idResponse = dataEnvelope(
  z.object({ id: z.number().int() }).describe('The id of the geofence (data.data.id)'),
);
const messageResponse = dataEnvelope(z.object({ message: z.string() }));

/** Geofences: CRUD, their enter/exit events, the nearest one, and the e-mailed visits CSV. */
export const geofenceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts/:id/geofences',
    {
      config: { access: 'account' },
      schema: {
        tags: ['geofences'],
        summary:
          'A page of the account’s geofences by name (query matches name or address). With download=true, date_from and date_to: e-mails the CSV of every geofence’s visits in the range instead',
        description:
          'The CSV has one line per visit of a tracker (geofence_id, geofence, address, device, serial, entered_at, exited_at, duration_minutes; times shifted by `offset`, minutes west of UTC as getTimezoneOffset() gives); a geofence without visits has one line without them. The answer is a confirmation message; a link to the file arrives by e-mail.',
        params: idParam,
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          per_page: z.coerce.number().int().min(1).max(5000).default(25),
          query: searchQuerySchema.optional(),
          download: flag,
          offset: z.coerce.number().int().min(-900).max(900).default(0),
          date_from: dateParam.optional(),
          date_to: dateParam.optional(),
        }),
        response: { 200: z.union([listEnvelope(geofenceSchema), messageResponse]) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      const q = request.query;
      if (q.download) {
        const range = checkVisitsRange(q);
        await mailGeofenceVisits(ctx, actor, {
          ...range,
          offset: q.offset,
        });
        return { data: { message: CSV_QUEUED_MESSAGE } };
      }
      const { data, total } = await geofencesOf(ctx, actor, {
        limit: q.per_page,
        offset: (q.page - 1) * q.per_page,
        search: q.query,
      });
      return { data, meta: pageMeta(total, q.page, q.per_page) };
    },
  );

  app.post(
    '/accounts/:id/geofences',
    {
      config: { access: 'account' },
      schema: {
        tags: ['geofences'],
        summary:
          'Create a geofence (manage Geofences): a circle (lat, lng, radius km) or a polygon',
        description:
          'Store payload of spec 000 §7. `address` is a label or a picked place { label, lat, lng }. Send is_irregular=1 with a GeoJSON Polygon in geo_json, or is_irregular=0 with the circle centre and radius (default 0.1 km). Without a shape: 422 "Must draw geofence on the map to save" on field `shape`.',
        params: idParam,
        body: geofenceStoreSchema,
        response: { 200: idResponse },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return { data: { id: await createGeofence(ctx, actor, request.body) } };
    },
  );

  app.get(
    '/accounts/:id/geofences/:geofenceId',
    {
      config: { access: 'account' },
      schema: {
        tags: ['geofences'],
        summary: 'One geofence with the number of trackers inside it now',
        params: geofenceParams,
        response: { 200: dataEnvelope(geofenceSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return { data: await geofenceDetails(ctx, actor, request.params.geofenceId) };
    },
  );

  app.put(
    '/accounts/:id/geofences/:geofenceId',
    {
      config: { access: 'account' },
      schema: {
        tags: ['geofences'],
        summary:
          'Change a geofence (manage Geofences): the fields sent are checked as on create, the others keep their values',
        params: geofenceParams,
        body: geofenceUpdateSchema,
        response: { 200: idResponse },
      },
    },
    async (request) => {
      const { id, geofenceId } = request.params;
      const actor = await actorFor(request, id);
      return { data: { id: await changeGeofence(ctx, actor, geofenceId, request.body) } };
    },
  );

  app.delete(
    '/accounts/:id/geofences/:geofenceId',
    {
      config: { access: 'account' },
      schema: {
        tags: ['geofences'],
        summary: 'Delete a geofence and its visit records (manage Geofences)',
        params: geofenceParams,
        response: { 200: idResponse },
      },
    },
    async (request) => {
      const { id, geofenceId } = request.params;
      await removeGeofence(ctx, await actorFor(request, id), geofenceId);
      return { data: { id: geofenceId } };
    },
  );

  app.get(
    '/accounts/:id/geofence-events',
    {
      config: { access: 'account' },
      schema: {
        tags: ['geofences'],
        summary:
          'Geofence enter and exit events of the trackers the user may see, newest first (optional geofence_id, device_id, date range)',
        params: idParam,
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          per_page: z.coerce.number().int().min(1).max(500).default(25),
          geofence_id: idParamSchema.optional(),
          device_id: idParamSchema.optional(),
          date_from: dateParam.optional(),
          date_to: dateParam.optional(),
        }),
        response: { 200: listEnvelope(geofenceEventSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      const q = request.query;
      const { data, total } = await geofenceEvents(
        ctx,
        actor,
        { geofenceId: q.geofence_id, deviceId: q.device_id, from: q.date_from, to: q.date_to },
        { limit: q.per_page, offset: (q.page - 1) * q.per_page },
      );
      return { data, meta: pageMeta(total, q.page, q.per_page) };
    },
  );

  app.get(
    '/accounts/:id/geofence/nearest',
    {
      config: { access: 'account' },
      schema: {
        tags: ['geofences'],
        summary:
          'The geofence holding the point (the smallest id when several do), else the one whose centre is nearest; data is null when the account has none',
        params: idParam,
        querystring: z.object({
          lat: z.coerce.number().min(-90).max(90),
          lng: z.coerce.number().min(-180).max(180),
        }),
        response: { 200: dataEnvelope(nearestGeofenceSchema.nullable()) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      const { lat, lng } = request.query;
      return { data: await nearestGeofenceTo(ctx, actor, lat, lng) };
    },
  );
};
