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
import { notFound } from '../../http/errors';
import { idListParam, idParam } from '../../http/params';
import {
  addMembers,
  deleteGroup,
  findGroup,
  groupDevices,
  insertGroup,
  listGroups,
  removeMembers,
  renameGroup,
  swapMembers,
} from './groups.queries';
import { checkedDeviceIds, groupAccess, groupChanged, groupsAccess } from './groups.service';

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
  const { db } = ctx.database;

  /** The group as the caller now sees it, after a write. */
  const present = async (access: Parameters<typeof findGroup>[1], groupId: number) => {
    const group = await findGroup(db, access, groupId);
    if (!group) throw notFound();
    return group;
  };

  app.get(
    '/accounts/:id/groups',
    {
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
      const access = await groupsAccess(db, request, request.params.id, 'read');
      const { exclude_devices, search, query } = request.query;
      const groups = await listGroups(db, access.membership, { search: search || query });
      if (exclude_devices) return { data: groups };
      const members = await groupDevices(
        db,
        access.membership,
        groups.map((g) => g.id),
      );
      return { data: groups.map((g) => ({ ...g, devices: members.get(g.id) ?? [] })) };
    },
  );

  app.get(
    '/accounts/:id/groups/:groupId',
    {
      schema: {
        tags,
        summary: 'One group with its devices, each with its subscription and current position',
        params: groupParams,
        response: { 200: dataEnvelope(groupDetailsSchema) },
      },
    },
    async (request) => {
      const { id, groupId } = request.params;
      const { membership, group } = await groupAccess(db, request, id, groupId, 'read');
      const members = await groupDevices(db, membership, [groupId]);
      return { data: { ...group, devices: members.get(groupId) ?? [] } };
    },
  );

  app.post(
    '/accounts/:id/groups',
    {
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
      const access = await groupsAccess(db, request, request.params.id, 'write');
      const ids = await checkedDeviceIds(db, access, request.body.device_ids ?? []);
      const groupId = await insertGroup(db, access.membership.id, request.body.name, ids);
      groupChanged(ctx, access.membership.id, groupId);
      return reply.status(201).send({ data: await present(access.membership, groupId) });
    },
  );

  app.put(
    '/accounts/:id/groups/:groupId',
    {
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
      const access = await groupAccess(db, request, id, groupId, 'write');
      const { name, device_ids } = request.body;
      const members = device_ids
        ? { accountId: id, ids: await checkedDeviceIds(db, access, device_ids) }
        : undefined;
      await renameGroup(db, groupId, name, members);
      groupChanged(ctx, id, groupId);
      return { data: await present(access.membership, groupId) };
    },
  );

  app.delete(
    '/accounts/:id/groups/:groupId',
    {
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
      await groupAccess(db, request, id, groupId, 'write');
      await deleteGroup(db, id, groupId);
      groupChanged(ctx, id, groupId);
      return { data: { id: groupId } };
    },
  );

  // Adding and swapping differ only in what happens to the current members.
  const memberChanges = [
    {
      path: '/accounts/:id/groups/:groupId/devices',
      summary: 'Add trackers to a group (those already in it stay)',
      change: addMembers,
    },
    {
      path: '/accounts/:id/groups/:groupId/devices-swap',
      summary: 'Replace the trackers of a group; an empty list removes them all',
      change: swapMembers,
    },
  ];
  for (const { path, summary, change } of memberChanges) {
    app.post(
      path,
      {
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
        const access = await groupAccess(db, request, id, groupId, 'write');
        const ids = await checkedDeviceIds(db, access, request.body.device_ids);
        await change(db, id, groupId, ids);
        groupChanged(ctx, id, groupId);
        return { data: await present(access.membership, groupId) };
      },
    );
  }

  app.delete(
    '/accounts/:id/groups/:groupId/devices',
    {
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
      const access = await groupAccess(db, request, id, groupId, 'write');
      const asked = request.body?.device_ids ?? request.query.device_ids;
      const ids = asked ? await checkedDeviceIds(db, access, asked) : undefined;
      await removeMembers(db, id, groupId, ids);
      groupChanged(ctx, id, groupId);
      return { data: await present(access.membership, groupId) };
    },
  );
};
