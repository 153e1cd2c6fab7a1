import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentPositionSchema,
  dataEnvelope,
  filteredCountSchema,
  historyColumnsSchema,
  historyPositionSchema,
  idListSchema,
  idParamSchema,
  textSchema,
  positionSchema,
  rowsEnvelopeSchema,
  stopSchema,
} from '@waymark/domain';
import { actorFor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { sendJsonStream, sendJsonText } from '../../http/json-text';
import { dateParam, idListParam, idParam } from '../../http/params';
import { sendCsv, stopsCsv } from './positions.csv';
import {
  currentPositionsBody,
  deviceHistory,
  deviceHistoryColumns,
  deviceFilteredCount,
  deviceHistoryCsv,
  deviceStops,
  pathsOf,
} from './positions.service';
import { presentStop } from './positions.present';

const deviceParams = z.object({
  id: idParamSchema,
  deviceId: idParamSchema,
});
const range = {
  date_from: dateParam.optional(),
  date_to: dateParam.optional(),
};
const downloadFlags = {
  download: z.enum(['true', 'false', '1', '0']).optional(),
  format: textSchema({ max: 16 }).optional(),
  /** Minutes west of UTC (the browser's getTimezoneOffset) for times in CSV files. */
  offset: z.coerce.number().int().min(-900).max(900).optional(),
};

/** 'true' / '1' as a query flag. */
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const wantsCsv = (q: { download?: string | undefined; format?: string | undefined }) =>
  q.download === 'true' || q.download === '1' || q.format === 'csv';

/** Current positions, history and stops (spec 000 §7 "Trackers and positions"). */
export const positionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts/:id/current-positions',
    {
      config: { access: 'account' },
      schema: {
        tags: ['positions'],
        summary: 'Newest position of every tracker the user may see (raw=1: SI units, as stored)',
        description:
          '`format=rows` sends `{ fields, rows }` instead: one array of values per position in the order of `fields`, times as epoch milliseconds. Gzipped when the client accepts it; bodies over 64 KiB are streamed (chunked, no Content-Length) as the database produces them.',
        params: idParam,
        querystring: z.object({
          raw: textSchema({ max: 16 }).optional(),
          device_ids: idListParam.optional(),
          format: z
            .enum(['rows'])
            .optional()
            .describe('rows: the compact form, { fields, rows } with times as epoch ms'),
        }),
        response: {
          200: z.union([
            dataEnvelope(z.array(currentPositionSchema)),
            dataEnvelope(rowsEnvelopeSchema),
          ]),
        },
      },
    },
    async (request, reply) => {
      const actor = await actorFor(request, request.params.id);
      const body = currentPositionsBody(
        ctx,
        actor,
        request.query.device_ids,
        request.query.format === 'rows' ? 'rows' : 'objects',
      );
      return sendJsonStream(request, reply, body);
    },
  );

  app.get(
    '/accounts/:id/devices/:deviceId/positions',
    {
      config: { access: 'account' },
      schema: {
        tags: ['positions'],
        summary:
          "A tracker's position history in a range (default: last 24 h); CSV with download=true",
        description:
          'The accepted fixes only; include_filtered=true adds the filtered ones (each with its filter_reason, null for accepted fixes), which the trail shows greyed. The CSV is always the accepted fixes. `format=columns` sends the same fixes as columns instead (tracker details: 86,400 fixes are a third of the size and parse without an object each): `{ device_id, times, lat, lng, fix, speed, … }`, one array per field, index i of each being fix i, oldest first, times as epoch milliseconds; with include_filtered a `filter_reason` column too. Gzipped when the client accepts it.',
        params: deviceParams,
        querystring: z.object({
          ...range,
          ...downloadFlags,
          format: z
            .enum(['csv', 'columns'], { error: 'format must be csv or columns' })
            .optional()
            .describe(
              'csv: a CSV file (as download=true); columns: the compact form, one array per field',
            ),
          include_filtered: booleanFlag
            .optional()
            .describe('true: the filtered fixes too, each with its filter_reason'),
        }),
        response: {
          200: z.union([
            dataEnvelope(z.array(historyPositionSchema)),
            dataEnvelope(historyColumnsSchema),
          ]),
        },
      },
    },
    async (request, reply) => {
      const { id, deviceId } = request.params;
      const actor = await actorFor(request, id);
      const q = request.query;
      if (!wantsCsv(q) && q.format === 'columns') {
        const columns = await deviceHistoryColumns(ctx, actor, deviceId, q);
        return sendJsonText(request, reply, `{"data":${columns}}`);
      }
      if (!wantsCsv(q)) {
        // 86,400 fixes (10 days at 10 s) spent longer in the response schema than in the query.
        const data = await deviceHistory(ctx, actor, deviceId, q);
        return sendJsonText(request, reply, JSON.stringify({ data }));
      }
      const csv = await deviceHistoryCsv(ctx, actor, deviceId, q, q.offset ?? 0);
      return sendCsv(reply, `positions-${deviceId}.csv`, csv);
    },
  );

  app.get(
    '/accounts/:id/devices/:deviceId/filtered-count',
    {
      config: { access: 'account' },
      schema: {
        tags: ['positions'],
        summary:
          "How many of a tracker's fixes in a range (default: last 24 h) were filtered, by reason ('N fixes filtered in this range')",
        params: deviceParams,
        querystring: z.object(range),
        response: { 200: dataEnvelope(filteredCountSchema) },
      },
    },
    async (request) => {
      const { id, deviceId } = request.params;
      const actor = await actorFor(request, id);
      return { data: await deviceFilteredCount(ctx, actor, deviceId, request.query) };
    },
  );

  app.post(
    '/accounts/:id/positions',
    {
      config: { access: 'account' },
      schema: {
        tags: ['positions'],
        summary: 'Position history of several trackers in a range, one path per tracker',
        params: idParam,
        body: z.object({
          date_from: dateParam,
          date_to: dateParam,
          device_ids: idListSchema.max(1000),
        }),
        response: {
          200: dataEnvelope(
            z.array(z.object({ device_id: z.number().int(), path: z.array(positionSchema) })),
          ),
        },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return { data: await pathsOf(ctx, actor, request.body.device_ids, request.body) };
    },
  );

  app.get(
    '/accounts/:id/devices/:deviceId/stops',
    {
      config: { access: 'account' },
      schema: {
        tags: ['positions'],
        summary:
          'Stops of a tracker that overlap a range, from the trips segmentation (still 5 min or more): those stored as they ended and the one it is in now; format=zulu gives UTC times (in the CSV too, each marked Z); CSV with download=true',
        params: deviceParams,
        querystring: z.object({ ...range, ...downloadFlags }),
        response: { 200: dataEnvelope(z.array(stopSchema)) },
      },
    },
    async (request, reply) => {
      const { id, deviceId } = request.params;
      const actor = await actorFor(request, id);
      const { stops, addresses } = await deviceStops(ctx, actor, deviceId, request.query);
      if (wantsCsv(request.query)) {
        const { format, offset } = request.query;
        const csv = stopsCsv(stops, addresses, {
          zulu: format === 'zulu',
          offsetMinutes: offset ?? 0,
        });
        return sendCsv(reply, `stops-${deviceId}.csv`, csv);
      }
      return { data: stops.map((s, i) => presentStop(s, addresses[i])) };
    },
  );
};
