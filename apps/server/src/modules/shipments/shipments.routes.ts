import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  idParamSchema,
  searchQuerySchema,
  shipmentCreateSchema,
  shipmentSchema,
  shipmentUpdateSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { dateParam, idParam } from '../../http/params';
import { sendJsonStream, sendJsonText } from '../../http/json-text';
import { sendCsv } from '../positions/positions.csv';
import { shipmentPointsCsv } from './shipment-positions.service';
import {
  checkRange,
  downloadQuery,
  flag,
  partsQuery,
  partsWanted,
  statusQuery,
} from './shipment-query';
import { shipmentsCsv } from './shipments.csv';
import {
  createShipment,
  endShipment,
  listShipments,
  removeShipment,
  shipmentDetails,
  updateShipment,
  shipmentListJson,
} from './shipments.service';

export const shipmentParams = z.object({
  id: idParamSchema.describe('Account id'),
  shipmentId: idParamSchema.describe('Shipment id'),
});

export const tags = ['shipments'];
export const access =
  ' Needs the account flag can_track_shipments (else 403); writes need manage Shipments (all but Viewers, else 403). Viewers see the shipments of the trackers they may see; any other shipment is 404.';

/** Shipments of an account (spec 001 §7 "Shipments"): list, one, create, edit, end, delete. */
export const shipmentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts/:id/shipments',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary:
          'Shipments of the General or Archived tab, newest start first; CSV with download=true',
        description:
          'date_from and date_to bound the start date (the list sends 15 days back to 15 days ahead).' +
          access,
        params: idParam,
        querystring: z.object({
          ...partsQuery,
          ...downloadQuery,
          date_from: dateParam.optional(),
          date_to: dateParam.optional(),
          archived: flag.describe('1: the Archived tab; else General'),
          key: z.enum(['general', 'archived']).optional().describe('Same as archived: the tab'),
          status: statusQuery,
          search: searchQuerySchema.optional().describe('Part of the name, carrier or tracker'),
        }),
        response: { 200: dataEnvelope(z.array(shipmentSchema)) },
      },
    },
    async (request, reply) => {
      const actor = await actorFor(request, request.params.id);
      const q = request.query;
      checkRange(q.date_from, q.date_to);
      const options = {
        from: q.date_from,
        to: q.date_to,
        key: q.key ?? (q.archived ? 'archived' : 'general'),
        statuses: q.status,
        search: q.search,
      } as const;
      const wanted = partsWanted(q);
      if (!q.download && !wanted.includeEvents && !wanted.withPath) {
        // The list page's call, 10,000 shipments: written by PostgreSQL, gzipped, without the
        // response schema's validation, which costs more than building it (bench:shipments).
        return sendJsonStream(request, reply, shipmentListJson(ctx, actor, options, wanted));
      }
      if (!q.download) {
        const data = await listShipments(ctx, actor, options, wanted);
        return sendJsonText(request, reply, JSON.stringify({ data }));
      }
      const all = await listShipments(ctx, actor, options, {
        includeDevice: true,
        withGeofences: true,
      });
      return sendCsv(reply, 'shipments.csv', shipmentsCsv(all, q.offset ?? 0));
    },
  );

  app.get(
    '/accounts/:id/shipments/:shipmentId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'One shipment; download=true answers its points as CSV (Download these points)',
        description: access,
        params: shipmentParams,
        querystring: z.object({ ...partsQuery, ...downloadQuery }),
        response: { 200: dataEnvelope(shipmentSchema) },
      },
    },
    async (request, reply) => {
      const { id, shipmentId } = request.params;
      const actor = await actorFor(request, id);
      const q = request.query;
      if (q.download) {
        const csv = await shipmentPointsCsv(ctx, actor, shipmentId, q.offset ?? 0);
        return sendCsv(reply, `shipment-${shipmentId}.csv`, csv);
      }
      return { data: await shipmentDetails(ctx, actor, shipmentId, partsWanted(q)) };
    },
  );

  app.post(
    '/accounts/:id/shipments',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Plan a shipment of a tracker between two geofences or addresses',
        description:
          "Each side is a geofence id or an address { name, lat, lng }, not both ('geofence is " +
          "required', 'address is required', 'lat and lng are required'); the tracker must be " +
          'one the caller sees and the geofences the account’s (else 422). notify_at: 0, 1, 2, ' +
          '5 or 8 hours before the scheduled end.' +
          access,
        params: idParam,
        body: shipmentCreateSchema,
        response: { 201: dataEnvelope(shipmentSchema) },
      },
    },
    async (request, reply) => {
      const actor = await actorFor(request, request.params.id);
      return reply.status(201).send({ data: await createShipment(ctx, actor, request.body) });
    },
  );

  app.put(
    '/accounts/:id/shipments/:shipmentId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Edit a shipment: name, carrier, schedule, notify_at and recipients',
        description:
          'Fields left out keep their values; empty recipient lists may be sent as null. The ' +
          'tracker and the locations cannot change. A new schedule applies at once (a shipment ' +
          'late only by its old end is on time again).' +
          access,
        params: shipmentParams,
        body: shipmentUpdateSchema,
        response: { 200: dataEnvelope(shipmentSchema) },
      },
    },
    async (request) => {
      const { id, shipmentId } = request.params;
      const actor = await actorFor(request, id);
      return { data: await updateShipment(ctx, actor, shipmentId, request.body) };
    },
  );

  app.post(
    '/accounts/:id/shipments/:shipmentId/finished',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'End a shipment now: Completed, or Completed Late after its scheduled end',
        description: `Ending a finished shipment again changes nothing.${access}`,
        params: shipmentParams,
        response: { 200: dataEnvelope(shipmentSchema) },
      },
    },
    async (request) => {
      const { id, shipmentId } = request.params;
      return { data: await endShipment(ctx, await actorFor(request, id), shipmentId) };
    },
  );

  app.delete(
    '/accounts/:id/shipments/:shipmentId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Delete a shipment with its events (the tracker keeps its own events)',
        description: access,
        params: shipmentParams,
        response: { 200: dataEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const { id, shipmentId } = request.params;
      await removeShipment(ctx, await actorFor(request, id), shipmentId);
      return { data: { id: shipmentId } };
    },
  );
};
