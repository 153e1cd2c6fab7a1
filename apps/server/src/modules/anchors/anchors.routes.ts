import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anchorSchema, anchorStoreSchema, dataEnvelope, idParamSchema } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { idParam } from '../../http/params';
import {
  accountOfAnchor,
  changeAnchor,
  createAnchor,
  listAnchors,
  removeAnchor,
} from './anchors.service';

const positiveId = idParamSchema;
const anchorParams = z.object({ id: positiveId, anchorId: positiveId });

const STORE_TEXT =
  'Payload: name, serial (the beacon MAC or UUID, stored lower case, unique in the account), ' +
  'radius in feet (30, 40, 50, 60, 70 or 80; default 30), lat and lng, or an address the ' +
  'geocoder finds (a point without an address gets the nearest known address), optional ' +
  'geofence_id of the account and notes. Needs manage Anchors (the ble_tags setting).';

/** BLE anchors (spec 000 §2.8, §7): list, create, update, delete. Images: anchor-images. */
export const anchorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts/:id/anchors',
    {
      config: { access: 'account' },
      schema: {
        tags: ['anchors'],
        summary: "The account's BLE anchors by name, with images (view Anchors)",
        params: idParam,
        response: { 200: dataEnvelope(z.array(anchorSchema)) },
      },
    },
    async (request) => {
      return { data: await listAnchors(ctx, await actorFor(request, request.params.id)) };
    },
  );

  app.post(
    '/accounts/:id/anchors',
    {
      config: { access: 'account' },
      schema: {
        tags: ['anchors'],
        summary: 'Create a BLE anchor; the answer is the anchor (data.id)',
        description: STORE_TEXT,
        params: idParam,
        body: anchorStoreSchema,
        response: { 200: dataEnvelope(anchorSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return { data: await createAnchor(ctx, actor, request.body) };
    },
  );

  const update = {
    schema: {
      tags: ['anchors'],
      summary: 'Update a BLE anchor; the answer is the anchor (data.id)',
      description: STORE_TEXT,
      params: anchorParams,
      body: anchorStoreSchema,
      response: { 200: dataEnvelope(anchorSchema) },
    },
  };
  // The spec names both verbs for saving an existing anchor.
  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      ...update,
      config: { access: 'account' },
      method,
      url: '/accounts/:id/anchors/:anchorId',
      handler: async (request) => {
        const { id: accountId, anchorId } = request.params;
        const actor = await actorFor(request, accountId);
        return { data: await changeAnchor(ctx, actor, anchorId, request.body) };
      },
    });
  }

  // The spec's short form, /anchors/{id}: the anchor names its account.
  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      config: { access: 'account' },
      schema: { ...update.schema, params: z.object({ anchorId: positiveId }) },
      method,
      url: '/anchors/:anchorId',
      handler: async (request) => {
        const { anchorId } = request.params;
        const actor = await actorFor(request, await accountOfAnchor(ctx, anchorId));
        return { data: await changeAnchor(ctx, actor, anchorId, request.body) };
      },
    });
  }

  app.delete(
    '/accounts/:id/anchors/:anchorId',
    {
      config: { access: 'account' },
      schema: {
        tags: ['anchors'],
        summary: 'Delete a BLE anchor and its images (manage Anchors)',
        params: anchorParams,
        response: { 200: dataEnvelope(z.null()) },
      },
    },
    async (request) => {
      const { id: accountId, anchorId } = request.params;
      await removeAnchor(ctx, await actorFor(request, accountId), anchorId);
      return { data: null };
    },
  );
};
