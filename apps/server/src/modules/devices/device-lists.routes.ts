import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  deviceListItemSchema,
  FLEET_STATUSES,
  fleetStatusCountsSchema,
  idListSchema,
  listEnvelope,
  rowsEnvelopeSchema,
  searchQuerySchema,
  textSchema,
} from '@waymark/domain';
import { actorFor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { sendJsonStream } from '../../http/json-text';
import { pageMeta } from '../../http/pagination';
import { idListParam, idParam } from '../../http/params';
import {
  deviceIdsOf,
  deviceList,
  devicesPage,
  devicesPageInStatus,
  fleetStatusCounts,
} from './devices.service';

const fleetStatus = z
  .enum(FLEET_STATUSES, {
    error: `fleet_status must be one of ${FLEET_STATUSES.join(', ')}`,
  })
  .describe(
    'The list chips: moving (last fix faster than 0.5 m/s, report not overdue), stopped (not overdue, 0.5 m/s or slower), offline (never reported, or last fix plus the model expected_report_minutes is past), low_battery (last fix under 20 %), alarm (SOS or overspeed flag)',
  );

const statusList = textSchema({ max: 500 })
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined,
  );
const flagValue = z.enum(['0', '1', 'true', 'false']);
const isOn = (v: z.infer<typeof flagValue>) => v === '1' || v === 'true';
/** A yes/no parameter, off when absent. */
const flag = flagValue.optional().transform((v) => v !== undefined && isOn(v));

/** Lists of trackers: the whole list the map loads, a page, and ids by filter (spec 000 §7). */
export const deviceListRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const deviceListRoute = {
    config: { access: 'account' as const },
    schema: {
      tags: ['devices'],
      summary:
        'Every tracker the user may see, sorted by name; subscription_status is a comma list (default: the account list statuses)',
      description:
        'At 100,000 trackers the default form is about 700 bytes per tracker; `format=rows` sends `{ fields, rows }` instead: one array of values per tracker in the order of `fields`, position fields after the device fields (null without a position), times as epoch milliseconds (about a third of the size). Gzipped when the client accepts it; bodies over 64 KiB are streamed (chunked, no Content-Length) as the database produces them.',
      params: idParam,
      querystring: z.object({
        subscription_status: statusList,
        with_current_position: flag,
        exclude_groups: flag,
        ble_support: flagValue
          .optional()
          .transform((v) => (v === undefined ? undefined : isOn(v)))
          .describe(
            '1: only trackers whose model hears BLE beacons (gateways that place BLE tags at anchors); 0: only the others; absent: all',
          ),
        format: z
          .enum(['rows'])
          .optional()
          .describe('rows: the compact form, { fields, rows } with times as epoch ms'),
      }),
      response: {
        200: z.union([
          dataEnvelope(z.array(deviceListItemSchema)),
          dataEnvelope(rowsEnvelopeSchema),
        ]),
      },
    },
  };
  for (const path of ['/accounts/:id/device-list', '/v2/accounts/:id/device-list']) {
    app.get(path, deviceListRoute, async (request, reply) => {
      const actor = await actorFor(request, request.params.id);
      const q = request.query;
      const body = deviceList(ctx, actor, {
        statuses: q.subscription_status,
        withPosition: q.with_current_position,
        excludeGroups: q.exclude_groups,
        bleSupport: q.ble_support,
        format: q.format === 'rows' ? 'rows' : 'objects',
      });
      return sendJsonStream(request, reply, body);
    });
  }

  app.get(
    '/accounts/:id/devices',
    {
      config: { access: 'account' },
      schema: {
        tags: ['devices'],
        summary: 'A page of trackers; query matches name, serial or address',
        params: idParam,
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          per_page: z.coerce.number().int().min(1).max(500).default(25),
          query: searchQuerySchema.optional(),
          subscription_status: statusList,
          ids: idListParam
            .optional()
            .describe('Only these trackers (a comma list): how pickers load the chosen ones'),
          fleet_status: fleetStatus.optional(),
        }),
        response: { 200: listEnvelope(deviceListItemSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      const { page, per_page, query, subscription_status, ids, fleet_status } = request.query;
      const filter = { statuses: subscription_status, search: query, ids };
      const window = { limit: per_page, offset: (page - 1) * per_page };
      const { rows, total } = fleet_status
        ? await devicesPageInStatus(ctx, actor, filter, fleet_status, window)
        : await devicesPage(ctx, actor, filter, window);
      return { data: rows, meta: pageMeta(total, page, per_page) };
    },
  );

  app.get(
    '/accounts/:id/fleet-status-counts',
    {
      config: { access: 'account' },
      schema: {
        tags: ['devices'],
        summary:
          'How many trackers are in each fleet status (the list chips), by the rule fleet_status filters /devices with',
        params: idParam,
        querystring: z.object({ subscription_status: statusList }),
        response: {
          200: dataEnvelope(fleetStatusCountsSchema),
        },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      const statuses = request.query.subscription_status;
      return { data: await fleetStatusCounts(ctx, actor, { statuses }) };
    },
  );

  app.post(
    '/accounts/:id/device-ids',
    {
      config: { access: 'account' },
      schema: {
        tags: ['devices'],
        summary: 'Ids of the trackers in some groups or matching filters',
        params: idParam,
        body: z.object({
          group_ids: idListSchema.optional(),
          filters: z
            .object({
              subscription_status: z.array(textSchema({ max: 64 })).optional(),
              query: searchQuerySchema.optional(),
            })
            .optional(),
        }),
        response: { 200: dataEnvelope(z.array(z.number().int())) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      const { group_ids, filters } = request.body;
      return {
        data: await deviceIdsOf(ctx, actor, {
          groupIds: group_ids,
          statuses: filters?.subscription_status,
          search: filters?.query,
        }),
      };
    },
  );
};
