import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listEnvelope,
  outboundChannelSchema,
  outboundMessageSchema,
  outboxMailSchema,
  outboxSmsSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../http/auth';
import { pageMeta, pageQuery } from '../../http/pagination';
import { outboundMessages, outboxMail, outboxSms } from './outbox.service';

const description =
  'What the embedded mail and SMS adapters kept instead of sending (no SMTP_URL or SMS_URL): ' +
  'newest first, `query` matches part of the recipient. Platform admins only, else 403.';

/**
 * The one outbox (every message Waymark sends, with its status) and the mailboxes of the
 * embedded adapters (what an install without SMTP or an SMS provider "sent").
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/outbound-messages',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every outbound message and where it stands (platform admins only)',
        description:
          'The one outbox: alert mail and SMS, rule webhooks, invitations, password resets, ' +
          'billing notices, exports, scheduled reports and SMS commands, newest first, with ' +
          'status, attempts and last error. `query` matches part of the recipient (address, ' +
          'number or URL), `channel` keeps one channel. A sent message keeps no body. ' +
          'Platform admins only, else 403.',
        querystring: pageQuery.extend({ channel: outboundChannelSchema.optional() }),
        response: { 200: listEnvelope(outboundMessageSchema) },
      },
    },
    async (request) => {
      const { page, per_page, query, channel } = request.query;
      const { rows, total } = await outboundMessages(ctx, requireAuth(request), {
        search: query,
        limit: per_page,
        offset: (page - 1) * per_page,
        ...(channel ? { channel } : {}),
      });
      return { data: rows, meta: pageMeta(total, page, per_page) };
    },
  );

  app.get(
    '/admin/mail-outbox',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['admin'],
        summary: 'The mail outbox, a page at a time (platform admins only)',
        description,
        querystring: pageQuery,
        response: { 200: listEnvelope(outboxMailSchema) },
      },
    },
    async (request) => {
      const { page, per_page, query } = request.query;
      const { rows, total } = await outboxMail(ctx, requireAuth(request), {
        search: query,
        limit: per_page,
        offset: (page - 1) * per_page,
      });
      return { data: rows, meta: pageMeta(total, page, per_page) };
    },
  );

  app.get(
    '/admin/sms-outbox',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['admin'],
        summary: 'The SMS outbox, a page at a time (platform admins only)',
        description,
        querystring: pageQuery,
        response: { 200: listEnvelope(outboxSmsSchema) },
      },
    },
    async (request) => {
      const { page, per_page, query } = request.query;
      const { rows, total } = await outboxSms(ctx, requireAuth(request), {
        search: query,
        limit: per_page,
        offset: (page - 1) * per_page,
      });
      return { data: rows, meta: pageMeta(total, page, per_page) };
    },
  );
};
