import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, idParamSchema, pendingInvitationSchema } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { actorFor } from '../../access/actor';
import { idParam } from '../../http/params';
import { invitationLimit } from '../../http/rate-limits';
import {
  pendingInvitationsOf,
  resendInvitation,
  revokeInvitation,
} from './pending-invitations.service';

const tags = ['accounts'];
const access =
  ' Needs manage Users (else 403); an Admin invitation needs manage Account. 404 for another ' +
  'account’s invitation, 422 once it was accepted.';
const inviteParams = z.object({
  id: idParamSchema.describe('Account id'),
  inviteId: idParamSchema.describe('Invitation id'),
});

/**
 * The invitations nobody accepted yet, under User Access: list, Resend and Revoke, beside
 * POST /v2/accounts/{id}/invites (spec 002 §7.1) in the same style.
 */
export const pendingInvitationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/v2/accounts/:id/invites',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Invitations not accepted yet, newest first: pending, or expired',
        description: 'The newest per address; addresses that joined since are left out.' + access,
        params: idParam,
        response: { 200: dataEnvelope(z.array(pendingInvitationSchema)) },
      },
    },
    async (request) => {
      const actor = await actorFor(request, request.params.id);
      return { data: await pendingInvitationsOf(ctx, actor) };
    },
  );

  app.post(
    '/v2/accounts/:id/invites/:inviteId/resend',
    {
      config: { access: 'account', rateLimit: invitationLimit },
      schema: {
        tags,
        summary: 'Mail the invitation again with a new link, valid 7 days from now',
        description: 'The earlier link stops working.' + access,
        params: inviteParams,
        response: { 200: dataEnvelope(pendingInvitationSchema) },
      },
    },
    async (request) => {
      const { id, inviteId } = request.params;
      return { data: await resendInvitation(ctx, await actorFor(request, id), inviteId) };
    },
  );

  app.delete(
    '/v2/accounts/:id/invites/:inviteId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Revoke the invitation: its link stops working at once',
        description: access,
        params: inviteParams,
        response: { 204: z.null().describe('Revoked') },
      },
    },
    async (request, reply) => {
      const { id, inviteId } = request.params;
      await revokeInvitation(ctx, await actorFor(request, id), inviteId);
      return reply.status(204).send(null);
    },
  );
};
