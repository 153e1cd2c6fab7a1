import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, shipmentBulkDeleteSchema, shipmentBulkSchema } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { idParam } from '../../http/params';
import { archiveShipments, removeShipments } from './shipments.service';
import { access, tags } from './shipments.routes';

const idsText =
  " Every id must be a shipment the caller sees, else 422 on ids (the same for another account's id as for an unknown one).";
const answer = dataEnvelope(
  z.object({ ids: z.array(z.number().int()).describe('The shipments changed') }),
);

/** Bulk actions of the shipment lists (spec 001 §2, §7): archive, unarchive, delete. */
export const shipmentBulkRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  for (const [action, archive] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    app.post(
      `/accounts/:id/shipments/bulk/${action}`,
      {
        config: { access: 'account' },
        schema: {
          tags,
          summary: archive
            ? 'Move shipments to the Archived tab'
            : 'Move archived shipments back to the General tab',
          description: `Ids already in that tab are left as they are.${idsText}${access}`,
          params: idParam,
          body: shipmentBulkSchema,
          response: { 200: answer },
        },
      },
      async (request) => {
        const actor = await actorFor(request, request.params.id);
        return { data: { ids: await archiveShipments(ctx, actor, request.body.ids, archive) } };
      },
    );
  }

  app.post(
    '/accounts/:id/shipments/bulk/delete',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Delete shipments of one tab: key general or archived',
        description: `Ids of the other tab are left as they are.${idsText}${access}`,
        params: idParam,
        body: shipmentBulkDeleteSchema,
        response: { 200: answer },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      const { ids, key } = request.body;
      return { data: { ids: await removeShipments(ctx, actor, ids, key) } };
    },
  );
};
