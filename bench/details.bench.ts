import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { startBareLinePage } from './details/bare-line-page';
import { scrubFrames } from './details/scrub-frames';
import { seedHistory } from './details/seed-history';
import { benchDatabase, DEFAULT_POSTGRES } from './fleet/postgres';
import { fleetLogin, seedFleet } from './fleet/seed-fleet';
import { startServerProcess } from './fleet/server-process';
import { benchContext, launchChromium, median, timeToMark } from './map/browser';
import { startCpuProfile } from './map/cpu-profile';

/**
 * `npm run bench:details [-- --points N --rounds N]` (build the web app first). Issue 37's
 * figure: tracker details over 86,400 points (a tracker reporting every 10 s for 10 days) in
 * headless Chromium against the real server on PostgreSQL, against a bare MapLibre page that
 * fetches the same fixes and draws the same line, in one run: time until the trail, the charts
 * and the replay are ready, and the frames while the replay's scrubber is dragged. Prints
 * figures and ratios; never fails.
 */

const log = (text: string) => console.log(`[bench:details] ${text}`);
const VIEWPORT = { width: 1440, height: 900 };
const READY_TIMEOUT_MS = 240_000;
const RATIO_BAR = 1.5;
const FRAME_BAR_MS = 16;

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { points: { type: 'string' }, rounds: { type: 'string' } },
  });
  return {
    points: Number(values.points ?? 86_400),
    rounds: Number(values.rounds ?? 3),
    postgresUrl: process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES,
    webDist:
      process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url)),
  };
}

/**
 * Navigation start → the last of: the trail of `points` fixes on screen ('trail-drawn'), every
 * chart shown drawn with them ('chart-drawn'), the replay controls present.
 */
async function timeToReady(page: Page, url: string, points: number) {
  // BENCH_PROFILE_LOAD=file.cpuprofile: a CPU profile of the app page from navigation to ready.
  const stopProfile = await startCpuProfile(page, process.env.BENCH_PROFILE_LOAD);
  await page.goto(url);
  const handle = await page.waitForFunction(
    (n) => {
      const marks = (name: string) =>
        performance
          .getEntriesByName(name)
          .filter((e) => (e as PerformanceMark).detail?.points === n);
      const trail = marks('trail-drawn')[0];
      const shown = document.querySelectorAll('[data-testid^="chart-"]').length;
      const charts = marks('chart-drawn');
      const replay = document.querySelector('[data-testid="replay-controls"]');
      if (!trail || shown === 0 || charts.length < shown || !replay) return null;
      return { ms: Math.max(trail.startTime, ...charts.map((c) => c.startTime)), charts: shown };
    },
    points,
    { timeout: READY_TIMEOUT_MS, polling: 100 },
  );
  await stopProfile();
  return (await handle.jsonValue())!;
}

/** Where the app's time went: its requests and marks, ms from navigation start. */
function breakdown(page: Page) {
  return page.evaluate(() => {
    const out: [string, number][] = [];
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    out.push(['dom content loaded', nav.domContentLoadedEventEnd]);
    for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      const path = new URL(e.name).pathname;
      // The app's own code is one wave of chunks at the start; the rest is what it waits for.
      if (path.startsWith('/assets/') && path.endsWith('.js')) continue;
      const name = path.replace(/\/\d+/g, '/#').replace(/^\/api/, '');
      out.push([`${name} ${Math.round(e.startTime)}→`, e.responseEnd]);
    }
    for (const name of ['trail-drawn', 'chart-drawn'])
      for (const e of performance.getEntriesByName(name)) out.push([name, e.startTime]);
    return out.sort((a, b) => a[1] - b[1]).map(([k, v]) => `${k}${Math.round(v)}`);
  });
}

async function main() {
  const o = options();
  if (!existsSync(`${o.webDist}/index.html`)) {
    throw new Error(`No web build in ${o.webDist}: run \`npm run build\` or set WEB_DIST_DIR`);
  }
  const loadBefore = os.loadavg();
  const database = await benchDatabase(o.postgresUrl, 'details');
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  let bare: Awaited<ReturnType<typeof startBareLinePage>> | undefined;
  let browser: Browser | undefined;
  const cleanUp = async () => {
    await browser?.close();
    await bare?.close();
    await server?.stop();
    await database.drop();
  };
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  try {
    server = await startServerProcess({ databaseUrl: database.url, webDistDir: o.webDist });
    const fleet = await seedFleet(database.url, 1);
    const token = await fleetLogin(server.url);
    const api = async <T>(path: string) => {
      const response = await fetch(`${server!.url}/api${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      return ((await response.json()) as { data: T }).data;
    };
    const [tracker] = await api<{ id: number }[]>(`/accounts/${fleet.accountId}/device-list`);
    const history = await seedHistory(database.url, tracker!.id, o.points);
    const range = `from=${history.from.toISOString()}&to=${history.to.toISOString()}`;
    const served = await api<unknown[]>(
      `/accounts/${fleet.accountId}/devices/${tracker!.id}/positions?date_from=${history.from.toISOString()}&date_to=${history.to.toISOString()}`,
    );
    log(
      `seeded ${history.coordinates.length} fixes over ${range}; the API serves ${served.length}`,
    );
    bare = await startBareLinePage(history.coordinates, o.webDist);
    browser = await launchChromium();
    const session = { token, accountId: fleet.accountId };

    const appMs: number[] = [];
    const bareMs: number[] = [];
    let charts = 0;
    let bareUrl = bare.url;
    let page: Page | undefined;
    for (let round = 0; round <= o.rounds; round++) {
      await page?.context().close();
      page = await (await benchContext(browser, VIEWPORT, session)).newPage();
      page.on('pageerror', (error) => log(`page error: ${error.message}`));
      const ready = await timeToReady(
        page,
        `${server.url}/trackers/${tracker!.id}?${range}`,
        served.length,
      );
      charts = ready.charts;
      log(`app: ${(await breakdown(page)).join(', ')}`);
      const box = await page.locator('[aria-label="Tracker map"]').first().boundingBox();
      if (box) bareUrl = `${bare.url}?w=${Math.round(box.width)}&h=${Math.round(box.height)}`;
      const barePage = await (await benchContext(browser, VIEWPORT)).newPage();
      const bareReady = await timeToMark(barePage, bareUrl, 'bare-line-drawn');
      await barePage.context().close();
      log(
        `${round === 0 ? 'warm-up' : `round ${round}`}: app ${Math.round(ready.ms)} ms (${ready.charts} charts), bare ${Math.round(bareReady)} ms`,
      );
      if (round > 0) {
        appMs.push(ready.ms);
        bareMs.push(bareReady);
      }
    }
    await page!.waitForTimeout(1500);
    const scrub = await scrubFrames(page!, 'Replay time');
    log(
      `scrubbing: ${scrub.frames} frames, interval p95 ${scrub.intervalP95.toFixed(1)} ms, work p95 ${scrub.workP95.toFixed(1)} ms`,
    );

    const app = median(appMs);
    const bareMedian = median(bareMs);
    const figures = {
      database: 'postgres',
      at: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        loadBefore,
        loadAfter: os.loadavg(),
      },
      viewport: VIEWPORT,
      points: served.length,
      charts,
      ready: {
        definition:
          "navigation start → the last of: the trail of every fix on screen (performance.mark 'trail-drawn' after the map idles with it), every chart shown drawn with every fix ('chart-drawn'), the replay controls present; bare: MapLibre on the same offline style fetching the same fixes as a GeoJSON line, the map idle with it ('bare-line-drawn'), its map the size of the app's. Median of the rounds after a warm-up round, a fresh context each.",
        appMs,
        bareMs,
        app,
        bare: bareMedian,
        ratio: app / bareMedian,
      },
      scrub,
      bars: {
        ready: { bar: `≤ ${RATIO_BAR}× bare`, met: app / bareMedian <= RATIO_BAR },
        scrub: { bar: `frame work p95 < ${FRAME_BAR_MS} ms`, met: scrub.workP95 < FRAME_BAR_MS },
      },
    };
    const load = figures.machine.loadAfter[0]!;
    console.log(
      `\nWaymark tracker details — ${served.length.toLocaleString('en-US')} fixes, ${charts} charts, ${os.cpus().length} CPUs`,
    );
    if (load > os.cpus().length)
      console.log(
        `WARNING   load average ${load.toFixed(1)} after: other work may have lowered these figures`,
      );
    console.log(
      `ready     app ${Math.round(app)} ms, bare ${Math.round(bareMedian)} ms: ${(app / bareMedian).toFixed(2)}× bare   bar ≤ ${RATIO_BAR}×: ${figures.bars.ready.met ? 'met' : 'NOT met'}`,
    );
    console.log(
      `scrubber  ${scrub.frames} frames: interval p50 ${scrub.intervalP50.toFixed(1)} / p95 ${scrub.intervalP95.toFixed(1)} ms, work p50 ${scrub.workP50.toFixed(1)} / p95 ${scrub.workP95.toFixed(1)} / max ${scrub.workMax.toFixed(1)} ms   bar p95 < ${FRAME_BAR_MS} ms: ${figures.bars.scrub.met ? 'met' : 'NOT met'}`,
    );
    const dir = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}details-postgres.json`, JSON.stringify(figures, null, 2) + '\n');
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
