import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, positionSchema, shipmentPointSchema } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { dateParam } from '../../http/params';
import { shipmentHistory, shipmentPosition } from './shipment-positions.service';
import { checkRange } from './shipment-query';
import { access, shipmentParams, tags } from './shipments.routes';

/** Position and position history by shipment (spec 001 §7), for the details and edit pages. */
export const shipmentPositionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/accounts/:id/shipments/:shipmentId/position',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary:
          "The shipment's tracker position: its newest fix while ongoing, where it was at the end once finished",
        description: access,
        params: shipmentParams,
        response: { 200: dataEnvelope(shipmentPointSchema.nullable()) },
      },
    },
    async (request) => {
      const { id, shipmentId } = request.params;
      return { data: await shipmentPosition(ctx, await actorFor(request, id), shipmentId) };
    },
  );

  app.get(
    '/accounts/:id/shipments/:shipmentId/position-history',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary:
          "The tracker's positions during the shipment (start to end, or now), within dateFrom and dateTo when given",
        description: `date_from and date_to are accepted too.${access}`,
        params: shipmentParams,
        querystring: z.object({
          dateFrom: dateParam.optional(),
          dateTo: dateParam.optional(),
          date_from: dateParam.optional(),
          date_to: dateParam.optional(),
        }),
        response: { 200: dataEnvelope(z.array(positionSchema)) },
      },
    },
    async (request) => {
      const { id, shipmentId } = request.params;
      const q = request.query;
      const from = q.dateFrom ?? q.date_from;
      const to = q.dateTo ?? q.date_to;
      checkRange(from, to, q.dateFrom ? 'dateFrom' : 'date_from');
      const actor = await actorFor(request, id);
      return { data: await shipmentHistory(ctx, actor, shipmentId, { from, to }) };
    },
  );
};
