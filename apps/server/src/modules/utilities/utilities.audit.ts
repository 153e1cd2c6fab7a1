import type { FastifyRequest } from 'fastify';
import type { UtilityResult } from '@waymark/domain';

/**
 * Runs one Utilities action and names it in the request's audit entry: the action alone when
 * it fails (the entry's status says how), the action and its result message when it succeeds.
 */
export async function runAction<T extends UtilityResult>(
  request: FastifyRequest,
  action: string,
  run: () => Promise<T>,
): Promise<{ data: T }> {
  request.auditSummary = action;
  const data = await run();
  request.auditSummary = `${action}: ${data.message}`;
  return { data };
}
