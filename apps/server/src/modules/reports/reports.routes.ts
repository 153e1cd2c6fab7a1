import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  idParamSchema,
  REPORT_MAX_DAYS,
  REPORT_MAX_POSITIONS,
  reportCreateSchema,
  reportDetailsRowsSchema,
  reportDetailsSchema,
  reportFormatSchema,
  reportSchema,
  reportUpdateSchema,
  textSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { sendJsonText } from '../../http/json-text';
import { idParam } from '../../http/params';
import {
  createReport,
  removeReport,
  reportDetailsJson,
  reportsOf,
  updateReport,
} from './reports.service';

const reportParams = z.object({
  id: idParamSchema.describe('Account id'),
  reportId: idParamSchema.describe('Report id'),
});
const includeQuery = z.object({
  include: textSchema({ max: 100 })
    .optional()
    .describe('include=device, as the web app sends it; the device is always included'),
});
const detailsQuery = includeQuery.extend({ format: reportFormatSchema });

export const tags = ['reports'];
const readers =
  ' Everyone in the account who sees the tracker reads its reports (members with full device access also those of a tracker that has since moved to another account); any other report is 404, as is another account’s.';
const writers =
  ' Needs manage Reports (Admins, Managers and Power Users), else 403 "Access denied".';
const snapshot =
  'A report is a snapshot: creating it stores the positions (start_at ≤ time < end_at, oldest first), stops, alerts and summary figures of the range, and later history, thinning or a move of the tracker to another account leave it as it was. ' +
  'Stops and figures come from the one segmentation of the tracker’s accepted fixes that the Fleet reports read (GET /accounts/{id}/trips, /stops, /summary), so a report over whole local days of the account says what their daily summaries say; filtered fixes (a jump) are no part of it. ' +
  'Stops: the tracker’s stored stops that overlap the range and the one it is in now, each whole: a stop across midnight is one stop, with the times it really began and ended (the tracker details’ stops call lists the same). ' +
  'Summary: distance_miles the odometer’s distance over the accepted non-cell fixes (hops under 15 m are jitter; a hop across start_at or end_at counts by its share of time inside, as a day’s does across midnight); moving_seconds the driving time (hops at 5 km/h or more); stopped_seconds the stops’ time inside the range; stops how many are listed; max_mph the highest reported, else implied, speed of the range’s fixes; avg_mph distance / moving time (0 without moving time). ' +
  'include_positions=false keeps no positions (stops and figures are still worked out from them); include_sensors=false keeps battery, temperature and humidity as null; include_alerts=false keeps no alerts; include_geofence_name=false keeps is_inside_geofences false.';

/** Saved reports of an account (spec 001 §7 "Reports"): list, create, one, publish, delete. */
export const reportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts/:id/reports',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Reports of the account, newest first, each with its tracker',
        description: `The list carries no snapshot; GET /accounts/{id}/reports/{reportId} does.${readers}`,
        params: idParam,
        querystring: includeQuery,
        response: { 200: dataEnvelope(z.array(reportSchema)) },
      },
    },
    async (request) => {
      return { data: await reportsOf(ctx, await actorFor(request, request.params.id)) };
    },
  );

  app.post(
    '/accounts/:id/reports',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Save a report of a tracker over a UTC date range, with its snapshot',
        description:
          `${snapshot} ` +
          `422 with the field's message: device_id missing ('tracker is required') or not a tracker the caller sees; start_at or end_at missing ('date is required') or in the future; end_at not after start_at; a range over ${REPORT_MAX_DAYS} days or holding more than ${REPORT_MAX_POSITIONS.toLocaleString('en-US')} positions.` +
          writers,
        params: idParam,
        querystring: includeQuery,
        body: reportCreateSchema,
        response: { 201: dataEnvelope(reportSchema) },
      },
    },
    async (request, reply) => {
      const actor = await actorFor(request, request.params.id);
      return reply.status(201).send({ data: await createReport(ctx, actor, request.body) });
    },
  );

  app.get(
    '/accounts/:id/reports/:reportId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'One report with its snapshot: positions, stops, alerts and summary figures',
        description: `${snapshot}${readers} format=rows answers the positions as { fields, rows }: one value array per position in the order of fields (times as epoch milliseconds), the form the web app asks for, about a third of the size; the default is the objects.`,
        params: reportParams,
        querystring: detailsQuery,
        response: {
          200: dataEnvelope(z.union([reportDetailsSchema, reportDetailsRowsSchema])),
        },
      },
    },
    async (request, reply) => {
      const { id, reportId } = request.params;
      const format = request.query.format ?? 'objects';
      // Sent as text: checking 86,400 positions against the schema cost more than reading them.
      const actor = await actorFor(request, id);
      return sendJsonText(request, reply, await reportDetailsJson(ctx, actor, reportId, format));
    },
  );

  app.put(
    '/accounts/:id/reports/:reportId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Publish or unpublish a report',
        description:
          'is_public=true opens GET /public-reports/{uuid} (the page /reports/view/{uuid}) without a login; false makes that uuid answer 404 at once. The web app sends the change about 600 ms after the last toggle (spec 001 §4).' +
          writers,
        params: reportParams,
        querystring: includeQuery,
        body: reportUpdateSchema,
        response: { 200: dataEnvelope(reportSchema) },
      },
    },
    async (request) => {
      const { id, reportId } = request.params;
      const actor = await actorFor(request, id);
      return { data: await updateReport(ctx, actor, reportId, request.body) };
    },
  );

  app.delete(
    '/accounts/:id/reports/:reportId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Delete a report; its public link stops answering',
        description: `No content on success.${writers}`,
        params: reportParams,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (request, reply) => {
      const { id, reportId } = request.params;
      await removeReport(ctx, await actorFor(request, id), reportId);
      return reply.status(204).send(null);
    },
  );
};
