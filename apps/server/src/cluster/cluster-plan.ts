import { parseArgs } from 'node:util';
import { ROLES, type ProcessRole } from '../config';

/** How many processes of each role `npm run cluster` starts. */
export type ClusterPlan = Record<ProcessRole, number>;

export class ClusterPlanError extends Error {
  override name = 'ClusterPlanError';
}

const MAX_PER_ROLE = 64;

/**
 * `--api 2 --ingest 2 --worker 2`: one of each when a role is not named, as one process runs
 * them; a role may be 0 (another host runs it) but not all of them.
 */
export function clusterPlan(argv: string[]): ClusterPlan {
  const { values } = parseArgs({
    args: argv,
    options: Object.fromEntries(ROLES.map((role) => [role, { type: 'string' as const }])),
    strict: true,
  });
  const plan = Object.fromEntries(
    ROLES.map((role) => {
      const given = values[role];
      if (given === undefined) return [role, 1];
      const count = Number(given);
      if (!Number.isInteger(count) || count < 0 || count > MAX_PER_ROLE || !/^\d+$/.test(given))
        throw new ClusterPlanError(
          `--${role} must be a whole number of processes from 0 to ${MAX_PER_ROLE}, not ${JSON.stringify(given)}`,
        );
      return [role, count];
    }),
  ) as ClusterPlan;
  if (ROLES.every((role) => plan[role] === 0))
    throw new ClusterPlanError('Nothing to start: give at least one process of a role');
  return plan;
}

/** The processes to fork, one role each, ingest first so devices find their ports early. */
export function processesOf(plan: ClusterPlan): ProcessRole[] {
  const order: ProcessRole[] = ['worker', 'ingest', 'api'];
  return order.flatMap((role) => Array.from({ length: plan[role] }, () => role));
}
