import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  deviceDetailsSchema,
  deviceEventSchema,
  deviceMetaSchema,
  deviceUpdateSchema,
  idListSchema,
  idParamSchema,
  listEnvelope,
} from '@waymark/domain';
import { actorFor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { pageMeta } from '../../http/pagination';
import { dateParam } from '../../http/params';
import { eventDownloadQuery, wantsDownload } from '../alerts/alerts.routes';
import { deviceEventsCsv } from '../alerts/alerts.service';
import { sendCsv } from '../positions/positions.csv';
import { changeDevice, chooseDeviceUsers, deviceDetails, deviceEvents } from './devices.service';

const deviceParams = z.object({
  id: idParamSchema,
  deviceId: idParamSchema,
});
/** One tracker: details, edits, who may see it, and its events (spec 000 §7). */
export const deviceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts/:id/devices/:deviceId',
    {
      config: { access: 'account' },
      schema: {
        tags: ['devices'],
        summary: 'One tracker with model, subscription, SLA triggers and the users who may see it',
        params: deviceParams,
        response: { 200: dataEnvelope(deviceDetailsSchema) },
      },
    },
    async (request) => {
      const { id, deviceId } = request.params;
      return { data: await deviceDetails(ctx, await actorFor(request, id), deviceId) };
    },
  );

  app.put(
    '/accounts/:id/devices/:deviceId',
    {
      config: { access: 'account' },
      schema: {
        tags: ['devices'],
        summary: 'Rename a tracker or change its note (update Devices)',
        params: deviceParams,
        body: deviceUpdateSchema,
        response: { 200: dataEnvelope(deviceDetailsSchema) },
      },
    },
    async (request) => {
      const { id, deviceId } = request.params;
      const actor = await actorFor(request, id);
      return { data: await changeDevice(ctx, actor, deviceId, request.body) };
    },
  );

  app.get(
    '/accounts/:id/devices/:deviceId/meta',
    {
      config: { access: 'account' },
      schema: {
        tags: ['devices'],
        summary: 'Note of a tracker and the users who may see it besides full-access members',
        params: deviceParams,
        response: {
          200: dataEnvelope(deviceMetaSchema),
        },
      },
    },
    async (request) => {
      const { id, deviceId } = request.params;
      const details = await deviceDetails(ctx, await actorFor(request, id), deviceId);
      return { data: { note: details.note, users: details.users } };
    },
  );

  app.put(
    '/accounts/:id/devices/:deviceId/users',
    {
      config: { access: 'account' },
      schema: {
        tags: ['devices'],
        summary:
          'Choose which users may see the tracker in addition to account admins (manage Users)',
        params: deviceParams,
        body: z.object({ users: idListSchema.max(1000) }),
        response: {
          200: dataEnvelope(deviceMetaSchema.pick({ users: true })),
        },
      },
    },
    async (request) => {
      const { id, deviceId } = request.params;
      const actor = await actorFor(request, id);
      return { data: { users: await chooseDeviceUsers(ctx, actor, deviceId, request.body.users) } };
    },
  );

  app.get(
    '/accounts/:id/devices/:deviceId/events',
    {
      config: { access: 'account' },
      schema: {
        tags: ['devices'],
        summary:
          "A tracker's events, newest first (page, per_page default 5); download=true: every event of the range as a CSV",
        params: deviceParams,
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          per_page: z.coerce.number().int().min(1).max(100).default(5),
          date_from: dateParam.optional(),
          date_to: dateParam.optional(),
          ...eventDownloadQuery,
        }),
        response: { 200: listEnvelope(deviceEventSchema) },
      },
    },
    async (request, reply) => {
      const { id, deviceId } = request.params;
      const actor = await actorFor(request, id);
      const { page, per_page, date_from, date_to } = request.query;
      if (wantsDownload(request.query)) {
        const range = { from: date_from, to: date_to };
        const csv = await deviceEventsCsv(ctx, actor, deviceId, range, request.query.offset ?? 0);
        return sendCsv(reply, `events-${deviceId}.csv`, csv);
      }
      const { rows, total } = await deviceEvents(ctx, actor, deviceId, {
        limit: per_page,
        offset: (page - 1) * per_page,
        from: date_from,
        to: date_to,
      });
      return { data: rows, meta: pageMeta(total, page, per_page) };
    },
  );
};
