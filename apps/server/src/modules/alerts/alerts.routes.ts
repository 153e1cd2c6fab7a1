import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALERTS_PAGE_SIZE,
  alertEventSchema,
  dataEnvelope,
  idParamSchema,
  listEnvelope,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
} from '@waymark/domain';
import { actorFor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import { pageMeta } from '../../http/pagination';
import { dateParam, idListParam, idParam } from '../../http/params';
import { sendCsv } from '../positions/positions.csv';
import {
  accountEvent,
  accountEventCsv,
  accountEvents,
  notificationSettingsOf,
  storeNotificationSettings,
} from './alerts.service';

const tags = ['alerts'];

/** download=true answers a CSV; offset is minutes west of UTC (getTimezoneOffset) for its times. */
export const eventDownloadQuery = {
  download: z.enum(['true', 'false', '1', '0']).optional(),
  offset: z.coerce.number().int().min(-900).max(900).optional(),
};
export const wantsDownload = (q: { download?: string | undefined }) =>
  q.download === 'true' || q.download === '1';

/** Notification settings and Recent Alerts (spec 001 §7 "Settings and alerts"). */
export const alertRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts/:id/notification-settings',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: "The signed-in user's notification settings in the account",
        description:
          'Every code of spec 001 §3 in the form’s order, with the stored value or its default ' +
          '(receive_subscription_notifications and receive_billing_notifications on, the rest off).',
        params: idParam,
        response: { 200: dataEnvelope(notificationSettingsSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return { data: await notificationSettingsOf(ctx, actor) };
    },
  );

  app.put(
    '/accounts/:id/notification-settings',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary:
          "Store the signed-in user's notification settings: { settings: [{ code, value }] }",
        description:
          'Codes not sent keep their values. A code outside spec 001 §3, or a value other than 0 ' +
          'or 1, is a 422 whose message names the code. Answers every code after the change.',
        params: idParam,
        body: notificationSettingsUpdateSchema,
        response: { 200: dataEnvelope(notificationSettingsSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return { data: await storeNotificationSettings(ctx, actor, request.body) };
    },
  );

  app.get(
    '/accounts/:id/events',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: `Recent Alerts: the account's device events, newest first (per_page default ${ALERTS_PAGE_SIZE})`,
        description:
          'Only events of trackers the user may see. device_id, date_from and date_to narrow it; ' +
          "another account's or an invisible tracker's id answers 404.",
        params: idParam,
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          per_page: z.coerce.number().int().min(1).max(100).default(ALERTS_PAGE_SIZE),
          device_id: idParamSchema.optional(),
          device_ids: idListParam.optional(),
          group_ids: idListParam.optional(),
          date_from: dateParam.optional(),
          date_to: dateParam.optional(),
        }),
        response: { 200: listEnvelope(alertEventSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      const { page, per_page, device_id, device_ids, group_ids, date_from, date_to } =
        request.query;
      const { rows, total } = await accountEvents(
        ctx,
        actor,
        {
          deviceId: device_id,
          deviceIds: device_ids,
          groupIds: group_ids,
          from: date_from,
          to: date_to,
        },
        { limit: per_page, offset: (page - 1) * per_page },
      );
      return { data: rows, meta: pageMeta(total, page, per_page) };
    },
  );

  app.get(
    '/accounts/:id/events/:eventId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'One device event; download=true answers it as a CSV (the event download)',
        params: z.object({ id: idParamSchema, eventId: idParamSchema }),
        querystring: z.object(eventDownloadQuery),
        response: { 200: dataEnvelope(alertEventSchema) },
      },
    },
    async (request, reply) => {
      const { id, eventId } = request.params;
      const actor = await actorFor(request, id);
      if (!wantsDownload(request.query)) return { data: await accountEvent(ctx, actor, eventId) };
      const csv = await accountEventCsv(ctx, actor, eventId, request.query.offset ?? 0);
      return sendCsv(reply, `event-${eventId}.csv`, csv);
    },
  );
};
