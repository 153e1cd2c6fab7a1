import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInvitationSchema,
  acceptedInvitationSchema,
  dataEnvelope,
  invitationSchema,
  inviteRequestSchema,
  inviteResultSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { originOf } from '../../http/auth';
import { idParam } from '../../http/params';
import { acceptInvitation, invitationOf, inviteUsers } from './invitations.service';
import { invitationLimit, publicPageLimit } from '../../http/rate-limits';

/** Inviting users and accepting an invitation (spec 002 §2.8 Invite New User, §5, §7.1). */
export const invitationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    '/v2/accounts/:id/invites',
    {
      config: { access: 'account', rateLimit: invitationLimit },
      schema: {
        tags: ['accounts'],
        summary:
          'Invite users by e-mail (manage Users; the Admin role needs manage Account). Every address gets a link valid 7 days, used once, and joins only by accepting it; the reply is the same whether or not an address has a login. Platform admins are never invited',
        params: idParam,
        body: inviteRequestSchema,
        response: { 200: dataEnvelope(inviteResultSchema) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return { data: await inviteUsers(ctx, actor, request.body) };
    },
  );

  app.get(
    '/accounts/:id/users/invite',
    {
      config: { access: 'public', rateLimit: publicPageLimit(ctx.config.PUBLIC_RATE_LIMIT) },
      schema: {
        tags: ['accounts'],
        summary: 'The invitation of a create-account link (404 when used, expired or unknown)',
        params: idParam,
        querystring: z.object({ token: z.string().min(1).max(255) }),
        response: { 200: dataEnvelope(invitationSchema) },
      },
    },
    async (request) => ({
      data: await invitationOf(ctx, request.params.id, request.query.token),
    }),
  );

  app.put(
    '/accounts/:id/users/invite',
    {
      config: { access: 'public', rateLimit: publicPageLimit(ctx.config.PUBLIC_RATE_LIMIT) },
      schema: {
        tags: ['accounts'],
        summary:
          'Accept an invitation and get a session token in the account: a new address creates its login (name, password, password_confirmation); one with a login gives its password (422 on password when wrong, counted as a failed login; 403 for a platform admin)',
        params: idParam,
        body: acceptInvitationSchema,
        response: { 200: dataEnvelope(acceptedInvitationSchema) },
      },
    },
    async (request) => ({
      data: await acceptInvitation(ctx, request.params.id, request.body, originOf(request)),
    }),
  );
};
