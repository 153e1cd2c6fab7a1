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
import { accountAccess, authorize } from '../../http/account-access';
import { invalidField, notFound } from '../../http/errors';
import { pageMeta } from '../../http/pagination';
import { dateParam, idParam } from '../../http/params';
import { CSV_QUEUED_MESSAGE } from '../exports/report-builder.service';
import { mailGeofenceVisits } from './geofences.export';
import {
  deleteGeofence,
  findGeofence,
  geofenceEventsPage,
  geofenceNames,
  geofencePage,
  insertGeofence,
  nearestGeofence,
  updateGeofence,
  type GeofenceColumns,
} from './geofences.queries';
import { geofenceColumns, geofencesChanged, presentGeofence } from './geofences.service';

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
  const { db } = ctx.database;

  app.get(
    '/accounts/:id/geofences',
    {
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
      const { auth, membership } = await accountAccess(db, request, request.params.id);
      const q = request.query;
      if (q.download) {
        if (!q.date_from) throw invalidField('date_from', 'date is required');
        if (!q.date_to) throw invalidField('date_to', 'date is required');
        if (q.date_from > q.date_to) {
          throw invalidField('date_from', 'The start date must be before the end date');
        }
        await mailGeofenceVisits(ctx, auth, membership, {
          from: q.date_from,
          to: q.date_to,
          offset: q.offset,
        });
        return { data: { message: CSV_QUEUED_MESSAGE } };
      }
      const { rows, total } = await geofencePage(db, membership.id, {
        limit: q.per_page,
        offset: (q.page - 1) * q.per_page,
        search: q.query,
      });
      return { data: rows.map(presentGeofence), meta: pageMeta(total, q.page, q.per_page) };
    },
  );

  app.post(
    '/accounts/:id/geofences',
    {
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
      const { membership, ability } = await accountAccess(db, request, request.params.id);
      authorize(ability, 'manage', 'Geofences');
      const columns = geofenceColumns(request.body) as GeofenceColumns;
      const id = await insertGeofence(db, membership.id, columns);
      geofencesChanged(ctx, membership.id, id);
      return { data: { id } };
    },
  );

  app.get(
    '/accounts/:id/geofences/:geofenceId',
    {
      schema: {
        tags: ['geofences'],
        summary: 'One geofence with the number of trackers inside it now',
        params: geofenceParams,
        response: { 200: dataEnvelope(geofenceSchema) },
      },
    },
    async (request) => {
      const { membership } = await accountAccess(db, request, request.params.id);
      const row = await findGeofence(db, membership.id, request.params.geofenceId);
      if (!row) throw notFound();
      return { data: presentGeofence(row) };
    },
  );

  app.put(
    '/accounts/:id/geofences/:geofenceId',
    {
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
      const { membership, ability } = await accountAccess(db, request, request.params.id);
      authorize(ability, 'manage', 'Geofences');
      const stored = await findGeofence(db, membership.id, request.params.geofenceId);
      if (!stored) throw notFound();
      await updateGeofence(db, membership.id, stored.id, geofenceColumns(request.body, stored));
      geofencesChanged(ctx, membership.id, stored.id);
      return { data: { id: stored.id } };
    },
  );

  app.delete(
    '/accounts/:id/geofences/:geofenceId',
    {
      schema: {
        tags: ['geofences'],
        summary: 'Delete a geofence and its visit records (manage Geofences)',
        params: geofenceParams,
        response: { 200: idResponse },
      },
    },
    async (request) => {
      const { membership, ability } = await accountAccess(db, request, request.params.id);
      authorize(ability, 'manage', 'Geofences');
      const { geofenceId } = request.params;
      if (!(await deleteGeofence(db, membership.id, geofenceId))) throw notFound();
      geofencesChanged(ctx, membership.id, geofenceId);
      return { data: { id: geofenceId } };
    },
  );

  app.get(
    '/accounts/:id/geofence-events',
    {
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
      const { membership } = await accountAccess(db, request, request.params.id);
      const q = request.query;
      const { rows, total } = await geofenceEventsPage(
        db,
        membership,
        { geofenceId: q.geofence_id, deviceId: q.device_id, from: q.date_from, to: q.date_to },
        { limit: q.per_page, offset: (q.page - 1) * q.per_page },
      );
      return {
        data: rows.map((r) => ({
          id: r.id,
          event_type: r.event_type as 'geofence-enter' | 'geofence-exit',
          description: r.description,
          created_at: r.created_at.toISOString(),
          lat: r.lat,
          lng: r.lng,
          device: { id: r.device_id, name: r.device_name },
          geofence:
            r.geofence_id === null ? null : { id: r.geofence_id, name: r.geofence_name ?? '' },
        })),
        meta: pageMeta(total, q.page, q.per_page),
      };
    },
  );

  app.get(
    '/accounts/:id/geofence/nearest',
    {
      schema: {
        tags: ['geofences'],
        summary:
          'The geofence holding the point (the smallest id when several do), else the one whose centre is nearest; 404 when the account has none',
        params: idParam,
        querystring: z.object({
          lat: z.coerce.number().min(-90).max(90),
          lng: z.coerce.number().min(-180).max(180),
        }),
        response: { 200: dataEnvelope(nearestGeofenceSchema) },
      },
    },
    async (request) => {
      const { membership } = await accountAccess(db, request, request.params.id);
      const { lat, lng } = request.query;
      const index = await ctx.geofenceIndexes.forAccount(membership.id);
      const [inside] = await geofenceNames(db, membership.id, index.containing(lat, lng));
      const nearest = inside ?? (await nearestGeofence(db, membership.id, lat, lng));
      if (!nearest) throw notFound('No geofence');
      return { data: nearest };
    },
  );
};
