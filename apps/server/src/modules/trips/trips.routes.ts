import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fleetReportEnvelope,
  fleetReportQuerySchema,
  fleetStopSchema,
  summaryQuerySchema,
  summaryRowSchema,
  tripSchema,
} from '@waymark/domain';
import { actorFor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { idParam } from '../../http/params';
import { FLEET_FILE_FORMATS, sendFleetFile } from './fleet-file';
import { fleetReportFile, fleetStops, fleetSummary, fleetTrips } from './trips.service';

const tags = ['fleet reports'];
const RANGE =
  'date_from and date_to are local days of the account’s time zone (YYYY-MM-DD, both ' +
  'included; default the last 7 days); device_ids and group_ids narrow the trackers (comma ' +
  'lists). Only trackers the user sees. Units: metres, metres per second, seconds. `totals` ' +
  'adds up the whole range, every page. With `format` the answer is the whole range (every ' +
  'page) as a file to download, in miles and mph, times in the account’s zone.';

/** `format=csv|xlsx|pdf`: the report as a download instead of a page of JSON. */
const format = {
  format: z
    .enum(FLEET_FILE_FORMATS, { error: 'format must be csv, xlsx or pdf' })
    .optional()
    .describe(
      'csv, xlsx or pdf: answer the whole range as a file (Content-Disposition attachment, ' +
        'named like trips-2026-11-09-2026-11-13.csv) with a totals row; page and per_page ' +
        'are ignored',
    ),
};
const fileQuery = fleetReportQuerySchema.extend(format);
const summaryFileQuery = summaryQuerySchema.extend(format);

/** Trips, stops and daily summaries of the account's trackers (the Fleet reports tab). */
export const tripRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts/:id/trips',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Trips of the trackers in a range, newest first',
        description:
          `${RANGE} A trip is a drive between two stops of at least 5 minutes (ignition when the ` +
          'tracker reports it, else motion over 300 m). The trip a tracker is on now comes ' +
          'first, with `ongoing: true` and no id.',
        params: idParam,
        querystring: fileQuery,
        response: { 200: fleetReportEnvelope(tripSchema) },
      },
    },
    async (request, reply) => {
      const actor = await actorFor(request, request.params.id);
      const { format: file, ...query } = request.query;
      if (file)
        return sendFleetFile(reply, await fleetReportFile(ctx, actor, 'trips', query), file);
      return fleetTrips(ctx, actor, query);
    },
  );

  app.get(
    '/accounts/:id/stops',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Stops of the trackers in a range, newest first',
        description: `${RANGE} A stop is a halt of 5 minutes or more between trips; the stop a tracker is in now comes first, with \`ongoing: true\`.`,
        params: idParam,
        querystring: fileQuery,
        response: { 200: fleetReportEnvelope(fleetStopSchema) },
      },
    },
    async (request, reply) => {
      const actor = await actorFor(request, request.params.id);
      const { format: file, ...query } = request.query;
      if (file)
        return sendFleetFile(reply, await fleetReportFile(ctx, actor, 'stops', query), file);
      return fleetStops(ctx, actor, query);
    },
  );

  app.get(
    '/accounts/:id/summary',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Distance, driving and idle time, stops and trips per tracker and period',
        description:
          `${RANGE} period=day|week|month (weeks start on Monday); rows by tracker name, then ` +
          'period. Days without a fix have no row.',
        params: idParam,
        querystring: summaryFileQuery,
        response: { 200: fleetReportEnvelope(summaryRowSchema) },
      },
    },
    async (request, reply) => {
      const actor = await actorFor(request, request.params.id);
      const { format: file, ...query } = request.query;
      if (file)
        return sendFleetFile(reply, await fleetReportFile(ctx, actor, 'summary', query), file);
      return fleetSummary(ctx, actor, query);
    },
  );
};
