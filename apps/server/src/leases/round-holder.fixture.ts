/**
 * A process that schedules the lease test's round every second and works nothing: started by
 * `installation-lease.test.ts`, which kills it (SIGKILL) while it holds the lease. Prints its
 * holder id, then `holding` once it holds the lease.
 */
import { openDatabase } from '../db/client';
import { PgBossQueue } from '../jobs/pg-boss-queue';
import { LEASE_TEST_ROUND, LEASE_TEST_TIMES, type LeaseTestJobs } from './lease-test-round';

const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL! });
const log = { warn: () => undefined, error: () => undefined };
const queue = new PgBossQueue<LeaseTestJobs>(database, log, LEASE_TEST_TIMES);
await queue.schedule(LEASE_TEST_ROUND, '* * * * * *', {});
console.log('started');
