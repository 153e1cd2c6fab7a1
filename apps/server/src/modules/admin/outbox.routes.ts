import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listEnvelope, outboxMailSchema, outboxSmsSchema } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../http/auth';
import { pageMeta, pageQuery } from '../../http/pagination';
import { outboxMail, outboxSms } from './outbox.service';

const description =
  'What the embedded mail and SMS adapters wrote instead of sending (no SMTP_URL or SMS_URL): ' +
  'newest first, `query` matches part of the recipient. Platform admins only, else 403.';

/** The mail and SMS outboxes (ARCHITECTURE.md: readable in the app for the platform admin). */
export const outboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
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
