/**
 * The lease tests' schedule: a round every second, a lease of 3 s renewed every 0.5 s; a round
 * fetched by a stopping queue (refused, not run) is due again at once on the next start.
 */
export const LEASE_TEST_ROUND = 'lease-test-round';
export type LeaseTestJobs = { 'lease-test-round': Record<string, never> };
export const LEASE_TEST_TIMES = {
  pollingIntervalSeconds: 0.5,
  rounds: { tickMs: 200, lease: { leaseMs: 3_000, renewEveryMs: 500 } },
  retry: { retryDelaySeconds: 0, retryBackoff: false },
};
