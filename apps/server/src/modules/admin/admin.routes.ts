import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAccountCreateSchema,
  adminAccountSchema,
  adminDeviceSchema,
  dataEnvelope,
  listEnvelope,
  unassignedDeviceSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../http/auth';
import { pageMeta, pageQuery } from '../../http/pagination';
import { idParam } from '../../http/params';
import { presentUnassignedDevice } from './admin.present';
import {
  adminAccount,
  adminAccountsPage,
  adminDevicesPage,
  createAdminAccount,
  unassignedDevicesFor,
} from './admin.service';

const page = (q: { page: number; per_page: number; query?: string | undefined }) => ({
  ...(q.query ? { search: q.query } : {}),
  limit: q.per_page,
  offset: (q.page - 1) * q.per_page,
});

/** Platform-admin views across accounts. */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/unassigned-devices',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['admin'],
        summary: 'Serials that reported but belong to no tracker (platform admins only)',
        description:
          'The 500 most recently heard serials that reached a device listener without belonging to any tracker, with how often they reported. Provision one (POST /admin/utilities/provision) to make it a tracker of an account.',
        response: { 200: dataEnvelope(unassignedDeviceSchema.array()) },
      },
    },
    async (request) => {
      const rows = await unassignedDevicesFor(ctx, requireAuth(request));
      return { data: rows.map(presentUnassignedDevice) };
    },
  );

  app.get(
    '/admin/accounts',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every account by title, searched by title (platform admins only)',
        querystring: pageQuery,
        response: { 200: listEnvelope(adminAccountSchema) },
      },
    },
    async (request) => {
      const { rows, total } = await adminAccountsPage(
        ctx,
        requireAuth(request),
        page(request.query),
      );
      return { data: rows, meta: pageMeta(total, request.query.page, request.query.per_page) };
    },
  );

  app.post(
    '/admin/accounts',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['admin'],
        summary: 'Create a customer account (platform admins only)',
        description:
          'A new account with its title, type (`is_b2b_account`: true for a business account, ' +
          'false for a consumer one) and flags (`has_api_access`, `has_rules_engine`, ' +
          '`can_track_shipments`; false when not given). It starts with no members and no ' +
          'trackers: provision trackers into it (POST /admin/utilities/provision) and invite ' +
          'its users (POST /v2/accounts/{id}/invites). 201 with the account as GET ' +
          '/admin/accounts/{id} answers it; 422 naming the field: `title` empty, longer than ' +
          "100 characters or already another account's (compared without case), " +
          '`is_b2b_account` missing, a flag not true or false. 403 for anyone but a platform ' +
          'admin; the write is recorded in the audit log.',
        body: adminAccountCreateSchema,
        response: { 201: dataEnvelope(adminAccountSchema) },
      },
    },
    async (request, reply) => {
      const account = await createAdminAccount(ctx, requireAuth(request), request.body);
      request.auditSummary = `Create account: ${account.title}`;
      return reply.status(201).send({ data: account });
    },
  );

  app.get(
    '/admin/devices',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Every account's trackers by name, searched by name, serial, IMEI or account title (platform admins only)",
        description:
          'Where a platform admin finds a tracker of any account; each opens at /accounts/{account.id}/trackers/{id}.',
        querystring: pageQuery,
        response: { 200: listEnvelope(adminDeviceSchema) },
      },
    },
    async (request) => {
      const { rows, total } = await adminDevicesPage(
        ctx,
        requireAuth(request),
        page(request.query),
      );
      return { data: rows, meta: pageMeta(total, request.query.page, request.query.per_page) };
    },
  );

  app.get(
    '/admin/accounts/:id',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['admin'],
        summary: 'One account as a platform admin opens it (platform admins only)',
        params: idParam,
        response: { 200: dataEnvelope(adminAccountSchema) },
      },
    },
    async (request) => ({
      data: await adminAccount(ctx, requireAuth(request), request.params.id),
    }),
  );
};
