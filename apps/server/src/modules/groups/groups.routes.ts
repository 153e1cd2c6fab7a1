import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  groupCreateSchema,
  groupDetailsSchema,
  groupDevicesRemoveSchema,
  groupDevicesSchema,
  groupSchema,
  groupUpdateSchema,
  idParamSchema,
  searchQuerySchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { idListParam, idParam } from '../../http/params';
import {
  changeGroupDevices,
  createGroup,
  groupDetails,
  groupsOf,
  removeGroup,
  removeGroupDevices,
  updateGroup,
} from './groups.service';

const groupParams = z.object({
  id: idParamSchema.describe('Account id'),
  groupId: idParamSchema.describe('Group id'),
});
const flag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const tags = ['groups'];
const access403 =
  ' Business (B2B) accounts only; needs manage Groups (Admins), else 403 "Access denied".';
const idsText =
  'Every id must be a tracker of this account, else 422 on device_ids (the same answer for ' +
  "unknown ids and another account's, so nothing is revealed).";

/** Tracker groups (spec 000 §2.6, §7 "Groups"; spec 002 §7.4). */
export const groupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts/:id/groups',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Groups of the account by name, with their members (B2B accounts only)',
        description:
          'device_ids and devices_count count the members the caller may see. Members with ' +
          'limited device access see the groups granted to them and those holding a tracker ' +
          'they may see. Without exclude_devices=1 each group also carries its devices.',
        params: idParam,
        querystring: z.object({
          exclude_devices: flag.describe('1: leave out each group’s devices (lists)'),
          search: searchQuerySchema.optional().describe('Part of the name, any case'),
          query: searchQuerySchema.optional().describe('Same as search'),
        }),
        response: {
          200: dataEnvelope(
            z.array(groupSchema.extend({ devices: groupDetailsSchema.shape.devices.optional() })),
          ),
        },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      const { exclude_devices, search, query } = request.query;
      return {
        data: await groupsOf(ctx, actor, {
          search: search || query,
          withDevices: !exclude_devices,
        }),
      };
    },
  );

  app.get(
    '/accounts/:id/groups/:groupId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'One group with its devices, each with its subscription and current position',
        params: groupParams,
        response: { 200: dataEnvelope(groupDetailsSchema) },
      },
    },
    async (request) => {
      const { id, groupId } = request.params;
      return { data: await groupDetails(ctx, await actorFor(request, id), groupId) };
    },
  );

  app.post(
    '/accounts/:id/groups',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Create a group, optionally with its first trackers',
        description: `name is required ('Name is required'). ${idsText}${access403}`,
        params: idParam,
        body: groupCreateSchema,
        response: { 201: dataEnvelope(groupSchema) },
      },
    },
    async (request, reply) => {
      const actor = await actorFor(request, request.params.id);
      return reply.status(201).send({ data: await createGroup(ctx, actor, request.body) });
    },
  );

  app.put(
    '/accounts/:id/groups/:groupId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Rename a group; device_ids, when given, replaces its trackers',
        description: `name is required ('Name is required'). ${idsText}${access403}`,
        params: groupParams,
        body: groupUpdateSchema,
        response: { 200: dataEnvelope(groupSchema) },
      },
    },
    async (request) => {
      const { id, groupId } = request.params;
      return { data: await updateGroup(ctx, await actorFor(request, id), groupId, request.body) };
    },
  );

  app.delete(
    '/accounts/:id/groups/:groupId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Delete a group; its trackers stay, outside it',
        description: `Also removes the group from the trackers and from users' device access.${access403}`,
        params: groupParams,
        response: { 200: dataEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const { id, groupId } = request.params;
      await removeGroup(ctx, await actorFor(request, id), groupId);
      return { data: { id: groupId } };
    },
  );

  // Adding and swapping differ only in what happens to the current members.
  const memberChanges = [
    {
      path: '/accounts/:id/groups/:groupId/devices',
      summary: 'Add trackers to a group (those already in it stay)',
      change: 'add' as const,
    },
    {
      path: '/accounts/:id/groups/:groupId/devices-swap',
      summary: 'Replace the trackers of a group; an empty list removes them all',
      change: 'swap' as const,
    },
  ];
  for (const { path, summary, change } of memberChanges) {
    app.post(
      path,
      {
        config: { access: 'account' },
        schema: {
          tags,
          summary,
          description: `${idsText}${access403}`,
          params: groupParams,
          body: groupDevicesSchema,
          response: { 200: dataEnvelope(groupSchema) },
        },
      },
      async (request) => {
        const { id, groupId } = request.params;
        const actor = await actorFor(request, id);
        const ids = request.body.device_ids;
        return { data: await changeGroupDevices(ctx, actor, groupId, change, ids) };
      },
    );
  }

  app.delete(
    '/accounts/:id/groups/:groupId/devices',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Remove trackers from a group; with no device_ids, remove them all',
        description:
          'device_ids in the JSON body or the query (comma list). Ids that are not members ' +
          `are ignored. ${idsText}${access403}`,
        params: groupParams,
        querystring: z.object({ device_ids: idListParam.optional() }),
        body: groupDevicesRemoveSchema,
        response: { 200: dataEnvelope(groupSchema) },
      },
    },
    async (request) => {
      const { id, groupId } = request.params;
      const actor = await actorFor(request, id);
      const asked = request.body?.device_ids ?? request.query.device_ids;
      return { data: await removeGroupDevices(ctx, actor, groupId, asked) };
    },
  );
};
