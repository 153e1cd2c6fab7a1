import { appendFileSync } from 'node:fs';
import { openDatabase, type DatabaseTarget } from '../db/client';
import { PgBossQueue } from './pg-boss-queue';

/**
 * A process of its own for `queue-restart.test.ts`, which kills it with SIGKILL:
 *   enqueue <target> <note>   queues a `restart-note` job to start a second later, then waits
 *                             without working on the queue (prints `enqueued <id>`);
 *   work <target> <file>      runs `restart-note` jobs, appending `<id> <note>` to the file
 *                             (prints `ran <id>`); SIGTERM stops the queue and exits 0.
 * <target> is the database as JSON: { kind: 'pglite', dataDir } or { kind: 'postgres', url }.
 */
type RestartJobs = { 'restart-note': { note: string } };

const [mode, targetJson, argument] = process.argv.slice(2);
const database = await openDatabase(JSON.parse(targetJson!) as DatabaseTarget);
await database.migrate();
const queue = new PgBossQueue<RestartJobs>(database, console, {
  pollingIntervalSeconds: 0.5,
});
await queue.start();

if (mode === 'enqueue') {
  const id = await queue.enqueue(
    'restart-note',
    { note: argument! },
    { startAfter: new Date(Date.now() + 1000) },
  );
  console.log(`enqueued ${id}`);
} else {
  await queue.work('restart-note', async (job) => {
    appendFileSync(argument!, `${job.id} ${job.data.note}\n`);
    console.log(`ran ${job.id}`);
  });
  process.once('SIGTERM', () => {
    void queue
      .stop()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
  console.log('working');
}
