import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { startBenchServer } from './ingest/server';
import {
  meterRules,
  setRules,
  steadyPhase,
  throughputPhase,
  type PhaseFigures,
} from './rules/feed';
import { measureDelivery } from './rules/notifications';
import { parseOptions } from './rules/options';
import { startSmtp, startWebhookReceiver } from './rules/receivers';
import { printFigures, THROUGHPUT_DROP_BAR, writeFigures, type RulesFigures } from './rules/report';
import { seedRulesBench, webhook } from './rules/seed';
import { Fleet } from './shipments/feed';

/**
 * `npm run bench:rules [-- --postgres]`: 1,000 enabled rules of every condition type in one
 * account, its trackers' positions through the real pipeline as fast as acks allow and at
 * 10,000/s, with and without the rules (bar: at most 25 % lower with them), and the rule
 * engine's own time per position; then 10,000 queued e-mail alerts sent by the job queue's
 * delivery jobs through the mail adapter to a local SMTP server (messages/s). Prints and writes
 * bench/results/rules-<database>.json; never fails on the bar.
 */

const log = (text: string) => console.log(`[bench:rules] ${text}`);
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function main() {
  const options = parseOptions(process.argv.slice(2), process.env);
  const database = options.postgresUrl ? 'postgres' : 'pglite';
  const loadBefore = os.loadavg()[0]!;
  const smtp = await startSmtp();
  const receiver = await startWebhookReceiver();
  webhook.url = receiver.url;
  log(`starting the server on ${database} (SMTP_URL ${smtp.url}); load average ${loadBefore}`);
  const server = await startBenchServer(options.postgresUrl, { SMTP_URL: smtp.url });
  const { ctx } = server;
  const closeAll = async () => {
    await server.close();
    await smtp.close();
    await receiver.close();
  };
  const interrupt = () => void closeAll().finally(() => process.exit(130));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const seeded = performance.now();
    const { accountId, userId, fenceIds } = await seedRulesBench(
      ctx.database.db,
      options.trackers,
      options.rules,
    );
    ctx.bus.publish('geofence.changed', { account_id: accountId, geofence_id: fenceIds[0]! });
    const seedSeconds = (performance.now() - seeded) / 1000;
    log(
      `seeded ${options.trackers} trackers, ${fenceIds.length} geofences and ${options.rules} rules in ${seedSeconds.toFixed(1)} s`,
    );

    const meter = meterRules(ctx);
    const fleet = new Fleet(options.trackers, Math.floor(Date.now() / 1000) * 1000 - 6 * 3600_000);
    // Warm-up with the rules: a few rounds of the fleet, the JIT settled, the first firings done.
    await setRules(ctx, accountId, true);
    log('warm-up: 5 rounds of the fleet with the rules');
    for (let round = 0; round < 5; round++) {
      await ctx.pipeline.submit(fleet.take(options.trackers), 'gt06');
      await ctx.bus.flush();
      await ctx.rules.settled();
    }
    await ctx.jobs.idle();

    const throughput: PhaseFigures[] = [];
    for (const withRules of [false, true, false, true]) {
      await setRules(ctx, accountId, withRules);
      log(`throughput ${withRules ? 'with' : 'without'} the rules: ${options.seconds} s`);
      throughput.push(await throughputPhase(ctx, fleet, meter, withRules, options.seconds));
    }
    const steady: PhaseFigures[] = [];
    for (const withRules of [false, true]) {
      await setRules(ctx, accountId, withRules);
      log(
        `${options.rate} positions/s ${withRules ? 'with' : 'without'} the rules: ${options.steadySeconds} s`,
      );
      steady.push(
        await steadyPhase(ctx, fleet, meter, withRules, options.rate, options.steadySeconds),
      );
    }
    // The actions of the firings run before the delivery is timed.
    await ctx.jobs.idle();
    await setRules(ctx, accountId, false);
    const actions = {
      webhooks: receiver.calls(),
      rulesMails: smtp.count.byDomain.get('rules.bench.test') ?? 0,
    };

    log(`delivery: ${options.notifications} queued e-mail notifications`);
    const delivery = await measureDelivery(
      ctx,
      smtp.count,
      accountId,
      userId,
      options.notifications,
      options.deliverySeconds,
    );

    const withoutRate = mean(throughput.filter((p) => !p.withRules).map((p) => p.rate));
    const withRate = mean(throughput.filter((p) => p.withRules).map((p) => p.rate));
    const drop = 1 - withRate / withoutRate;
    const figures: RulesFigures = {
      database,
      at: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        loadBefore,
        loadAfter: os.loadavg()[0]!,
      },
      rules: options.rules,
      trackers: options.trackers,
      geofences: fenceIds.length,
      seedSeconds,
      throughput,
      steady,
      withoutRate,
      withRate,
      drop,
      rulesUsPerPosition: steady[1]!.rulesUsPerPosition,
      cpuAddedUsPerPosition: steady[1]!.cpuUsPerPosition - steady[0]!.cpuUsPerPosition,
      actions,
      delivery,
      bar: {
        bar: `at most ${THROUGHPUT_DROP_BAR * 100} % lower with the rules`,
        ratio: Math.max(0, drop) / THROUGHPUT_DROP_BAR,
        met: drop <= THROUGHPUT_DROP_BAR,
      },
    };
    printFigures(figures);
    log(`figures written to ${writeFigures(figures)}`);
  } finally {
    await closeAll();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
