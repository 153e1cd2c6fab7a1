import { startBenchServer } from './ingest/server';
import { ScoutClient } from './scout/eval/ask';
import { crossCheck } from './scout/eval/cross-check';
import { runEvaluation } from './scout/eval/run';
import { startLiveDemo } from './scout/eval/live-demo';
import { World } from './scout/eval/world';
import { latencyAtScale } from './scout/latency';
import { login } from './shared/login';

/**
 * `npm run bench:scout -- [--tuning] [--eval-only | --latency-only] [--postgres] [--trackers N]
 * [--runs N]`:
 * issue 38's evaluation of Scout on the real server with the configured model (offline by
 * default). The demo installation is seeded as `npm start` seeds it (90 days through the
 * pipeline), its reefer sensors report one reading each, and the evaluation set
 * (bench/scout/eval: questions written from what fleet managers ask, expected answers worked
 * out from the API when asked) goes to Scout through its HTTP API as Alex Admin: per half,
 * % correct, % confidently wrong, p95 latency, per category. `--tuning` asks only the tuning
 * half. Then, unless `--eval-only`, the latency at scale: N trackers (default 10,000)
 * reporting live while each question kind is asked `--runs` times; `--latency-only` runs that
 * alone, on a server without the demo (the evaluation takes most of an hour on PGlite). Prints;
 * never fails on a bar.
 */

const log = (text: string) => console.log(`[bench:scout] ${text}`);
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const flag = (name: string) => process.argv.includes(`--${name}`);
const DEMO_ADMIN = { email: 'admin@demo.test', password: 'demo1234' };

async function main() {
  const postgres = flag('postgres')
    ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
    : undefined;
  const started = Date.now();
  if (flag('latency-only')) {
    const server = await startBenchServer(postgres);
    try {
      log(`server on ${postgres ? 'PostgreSQL' : 'PGlite'}, no demo (--latency-only)`);
      await latencyAtScale(server, arg('trackers', 10_000), arg('runs', 20), log);
    } finally {
      await server.close();
    }
    return;
  }
  const server = await startBenchServer(postgres, { SEED_DEMO: 'true' });
  try {
    log(
      `demo seeded on ${postgres ? 'PostgreSQL' : 'PGlite'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    const token = await login(server.httpUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const get = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${server.httpUrl}/api${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const me = (await get('/me')) as { data: { accounts: { id: number; title: string }[] } };
    const accountId = me.data.accounts.find((a) => a.title === 'Demo Logistics')!.id;
    const zone = (
      (await get(`/accounts/${accountId}/summary?per_page=1`)) as { meta: { timezone: string } }
    ).meta.timezone;
    const world = new World(get, accountId, zone);
    const live = await startLiveDemo(server, await world.devices());
    log(
      `live demo: ${live.driven} trackers driven by the simulator, ${live.sensors} reefer sensors reporting`,
    );
    // Every driven tracker reports once (every 30 s) before the first question.
    await new Promise((resolve) => setTimeout(resolve, 35_000));
    await crossCheck(world, log);
    const scout = new ScoutClient(server.httpUrl, token, accountId);
    const names = async () => ({
      deviceNames: (await world.devices()).map((d) => d.name),
      otherNames: [
        ...(await world.groups()).map((g) => g.name),
        ...(await world.geofences()).map((g) => g.name),
        ...(await world.shipments()).map((s) => s.name),
      ],
    });
    await runEvaluation(
      scout,
      world,
      { ...(await names()), download: (url) => scout.download(url) },
      log,
      { tuningOnly: flag('tuning') },
    );
    await live.stop();
    if (!flag('eval-only'))
      await latencyAtScale(server, arg('trackers', 10_000), arg('runs', 20), log);
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
