import fp from 'fastify-plugin';
import type { AppContext } from '../../app-context';
import { recordAudit } from './admin-users.queries';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    /** What the call did, in words, for the audit entry (e.g. 'Provision: Provisioned 86… into inventory'). */
    auditSummary: string | null;
  }
}

/**
 * Records every write a platform admin makes, in their own name or while imitating a user,
 * with both identities (issue 23). Written before the response leaves, so a client that saw
 * the answer finds the entry; a failure to record is logged, never turned into the answer.
 */
export const auditLogPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  app.decorateRequest('auditSummary', null);
  app.addHook('onSend', async (request, reply, payload) => {
    const auth = request.auth;
    if (!auth || READS.has(request.method)) return payload;
    if (!auth.imitator && !auth.user.is_gpx_admin) return payload;
    await recordAudit(ctx.database.db, {
      user_id: auth.user.id,
      imitator_id: auth.imitator?.id ?? null,
      method: request.method,
      path: request.url.split('?')[0]!,
      status_code: reply.statusCode,
      summary: request.auditSummary,
    }).catch((error: unknown) => request.log.error({ err: error }, 'audit entry not recorded'));
    return payload;
  });
});
