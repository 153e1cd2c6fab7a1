import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { Browser, Page } from 'playwright-core';
import { startBarePage } from './map/bare-page';
import { benchContext, launchChromium, median, timeToMark } from './map/browser';
import { openCard, type CardTiming } from './map/card';
import { startCpuProfile } from './map/cpu-profile';
import { panAndZoom, startFrames, stopFrames } from './map/frames';
import { feedPositions, fleetPoints, liveRedrawMs, toGeoJson } from './map/live-feed';
import { bars, printMapFigures, writeMapFigures, type MapFigures } from './map/report';
import { benchDatabase, DEFAULT_POSTGRES } from './fleet/postgres';
import { fleetLogin, seedFleet } from './fleet/seed-fleet';
import { startServerProcess } from './fleet/server-process';

/**
 * `npm run bench:map [-- --devices N --rounds N --live-seconds N]` (build the web app first:
 * `npm run build`, or point WEB_DIST_DIR at a build). The trackers screen with 100,000 trackers
 * (PostgreSQL) in headless Chromium against the real server process, and a bare MapLibre page
 * with the same points on the same basemap, in one run: time to settled, the card after a
 * click in the list, frames under a live feed of 1,000 positions/s, and frames while panning
 * and zooming. Prints figures and ratios; never fails.
 */

const log = (text: string) => console.log(`[bench:map] ${text}`);
/** PositionUpdated messages the pages' websockets received. */
let liveMessages = 0;
const VIEWPORT = { width: 1440, height: 900 };

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      devices: { type: 'string' },
      rounds: { type: 'string' },
      'live-seconds': { type: 'string' },
      'live-rate': { type: 'string' },
    },
  });
  return {
    devices: Number(values.devices ?? 100_000),
    rounds: Number(values.rounds ?? 3),
    liveSeconds: Number(values['live-seconds'] ?? 10),
    liveRate: Number(values['live-rate'] ?? 1000),
    postgresUrl: process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES,
    webDist:
      process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url)),
  };
}

async function newPage(browser: Browser, session?: { token: string; accountId: number }) {
  const context = await benchContext(browser, VIEWPORT, session);
  const page = await context.newPage();
  page.on('pageerror', (error) => log(`page error: ${error.message}`));
  // Counted from the start: a socket opened before a listener is attached is never reported.
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string') {
        liveMessages += payload.split('PositionUpdated').length - 1;
      }
    }),
  );
  return page;
}

/** Where the app's time to settled went: when its requests started and ended (ms). */
function appBreakdown(page: Page) {
  return page.evaluate(() => {
    const out: Record<string, number> = {};
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    out['html'] = nav.responseEnd;
    out['dom content loaded'] = nav.domContentLoadedEventEnd;
    for (const mark of ['device-list-decoded', 'trackers-map-data']) {
      performance.getEntriesByName(mark).forEach((entry, i) => {
        out[i === 0 ? mark : `${mark} #${i + 1}`] = entry.startTime;
      });
    }
    for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      const name = new URL(e.name).pathname;
      const key = name.includes('device-list')
        ? 'device-list'
        : /\/assets\/map-/.test(name)
          ? 'map chunk'
          : /\/api\/(session|me|accounts\/\d+$)/.test(name)
            ? `session ${name}`
            : /worker/.test(name)
              ? 'maplibre worker'
              : null;
      if (!key) continue;
      out[`${key} start`] = e.startTime;
      out[`${key} end`] = e.responseEnd;
      if (key === 'device-list') {
        out['device-list first byte'] = e.responseStart;
        out['device-list bytes'] = e.encodedBodySize;
      }
    }
    return out;
  });
}

async function main() {
  const o = options();
  if (!existsSync(`${o.webDist}/index.html`)) {
    throw new Error(`No web build in ${o.webDist}: run \`npm run build\` or set WEB_DIST_DIR`);
  }
  const loadBefore = os.loadavg();
  const database = await benchDatabase(o.postgresUrl, 'map');
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  let bare: Awaited<ReturnType<typeof startBarePage>> | undefined;
  let browser: Browser | undefined;
  const cleanUp = async () => {
    await browser?.close();
    await bare?.close();
    await server?.stop();
    await database.drop();
  };
  const interrupt = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    server = await startServerProcess({ databaseUrl: database.url, webDistDir: o.webDist });
    const fleet = await seedFleet(database.url, o.devices);
    const points = await fleetPoints(database.url, fleet.accountId);
    log(`seeded ${o.devices} trackers; ${points.length} with positions`);
    const session = { token: await fleetLogin(server.url), accountId: fleet.accountId };
    bare = await startBarePage(toGeoJson(points), o.webDist);
    browser = await launchChromium();

    // Settled, alternating bare and app, each in a fresh context (cold cache both ways). A first
    // round of each warms up, and is reported apart: the server process has just started (its
    // code not yet compiled by V8's JIT) and PostgreSQL has just written the fleet, which no
    // server in use meets; the bare page gets the same.
    const appMs: number[] = [];
    let breakdown: Record<string, number> = {};
    const bareMs: number[] = [];
    const warmUp = { appMs: 0, bareMs: 0 };
    // App first in each round: the bare map then takes the size of the app's map.
    let bareUrl = bare.url;
    for (let round = 0; round <= o.rounds; round++) {
      const appPage = await newPage(browser, session);
      appMs.push(
        await timeToMark(
          appPage,
          `${server.url}/trackers`,
          'trackers-settled',
          process.env.BENCH_PROFILE_LOAD,
        ),
      );
      breakdown = await appBreakdown(appPage);
      const box = await appPage.getByTestId('fleet-map').boundingBox();
      if (box) bareUrl = `${bare.url}?w=${Math.round(box.width)}&h=${Math.round(box.height)}`;
      const barePage = await newPage(browser);
      bareMs.push(await timeToMark(barePage, bareUrl, 'bare-settled'));
      const bareData = await barePage.evaluate(
        () => performance.getEntriesByName('bare-data')[0]?.startTime ?? 0,
      );
      log(`bare page: points handed to the map at ${Math.round(bareData)} ms`);
      await barePage.context().close();
      log(
        `${round === 0 ? 'warm-up' : `round ${round}`}: app ${Math.round(appMs.at(-1)!)} ms, bare ${Math.round(bareMs.at(-1)!)} ms`,
      );
      if (round === 0) {
        warmUp.appMs = appMs.pop()!;
        warmUp.bareMs = bareMs.pop()!;
      }
      if (round < o.rounds) await appPage.context().close();
    }

    // The last app page stays open for the interaction phases, at the initial overview
    // (zoom 5) for idle, live and pan/zoom, like the bare page.
    const page = browser.contexts()[0]!.pages()[0]!;
    await startFrames(page);
    await page.waitForTimeout(3000);
    const idle = await stopFrames(page);

    const messagesBefore = liveMessages;
    // BENCH_PROFILE=file.cpuprofile: a CPU profile of the page during the live phase.
    const stopLiveProfile = await startCpuProfile(page, process.env.BENCH_PROFILE);
    // BENCH_TRACE=file.json: a Chrome trace of the live phase (layout, paint, GPU), for
    // chrome://tracing or Perfetto, where a CPU profile only says "(program)".
    if (process.env.BENCH_TRACE) {
      await browser.startTracing(page, { path: process.env.BENCH_TRACE, screenshots: false });
    }
    await startFrames(page);
    const feed = await feedPositions(server.url, fleet.apiToken, points, o.liveRate, o.liveSeconds);
    await page.waitForTimeout(1000);
    await stopLiveProfile();
    if (process.env.BENCH_TRACE) await browser.stopTracing();
    const liveFrames = await stopFrames(page);
    const framesReceived = liveMessages - messagesBefore;
    // Still clustered after the live moves (a check that the redraw keeps the clusters).
    await page.waitForTimeout(1500);
    const clustersAfterLive = Number(
      await page.getByTestId('fleet-map').getAttribute('data-clusters'),
    );
    log(`live: ${feed.accepted} accepted, ${framesReceived} messages seen`);

    await startFrames(page);
    await panAndZoom(page, '[data-testid="fleet-map"]');
    const appPan = await stopFrames(page);

    // Cards last: opening one moves the camera to the tracker (zoom 12).
    const names = await page
      .getByRole('list', { name: 'Trackers' })
      .getByRole('listitem')
      .evaluateAll((rows) => rows.slice(0, 6).map((r) => r.getAttribute('aria-label') ?? ''));
    const cards: CardTiming[] = [];
    // Each card starts from a map at rest, the first one too: the last wheel zoom of the
    // pan/zoom phase is still animating (and re-clustering) 200 ms after it.
    await page.waitForTimeout(1500);
    // BENCH_PROFILE_CARD=file.cpuprofile: a CPU profile of the page around the first card.
    const stopCardProfile = await startCpuProfile(page, process.env.BENCH_PROFILE_CARD);
    // BENCH_TRACE_CARD=file.json: a Chrome trace (layout, paint, GPU) of the cards.
    if (process.env.BENCH_TRACE_CARD) {
      await browser.startTracing(page, { path: process.env.BENCH_TRACE_CARD, screenshots: false });
    }
    for (const name of names) {
      const show = page.getByRole('button', { name: `Show ${name} on map`, exact: true });
      cards.push(await openCard(page, show, name, '[data-testid="fleet-map"]'));
      if (cards.length === 1) await stopCardProfile();
      await page.waitForTimeout(1500);
    }
    if (process.env.BENCH_TRACE_CARD) await browser.stopTracing();
    log(
      `cards: ${cards.map((c) => `${Math.round(c.ms)}${c.onScreen ? '' : ' (off screen)'}`).join(', ')} ms`,
    );

    const barePage = await newPage(browser);
    await timeToMark(barePage, bareUrl, 'bare-settled');
    // The bare page under the same live load, redrawn the way the app redraws a clustered map:
    // the collection with the moved points sent again (setData) every liveRedrawMs().
    await startFrames(barePage);
    await barePage.evaluate(
      async ({ rate, seconds, every }) => {
        const map = (window as unknown as { __map: MapLibreMap }).__map;
        const source = map.getSource<GeoJSONSource>('points')!;
        const data = (await source.getData()) as GeoJSON.FeatureCollection<GeoJSON.Point>;
        const features = [...data.features];
        const moves = Math.round((rate * every) / 1000);
        await new Promise<void>((resolve) => {
          let elapsed = 0;
          const timer = setInterval(() => {
            for (let i = 0; i < moves; i++) {
              const k = Math.floor(Math.random() * features.length);
              const [lng, lat] = features[k]!.geometry.coordinates as [number, number];
              features[k] = {
                ...features[k]!,
                geometry: { type: 'Point', coordinates: [lng + 0.001, lat + 0.001] },
              };
            }
            source.setData({ type: 'FeatureCollection', features: [...features] });
            elapsed += every;
            if (elapsed >= seconds * 1000) {
              clearInterval(timer);
              setTimeout(resolve, 1000);
            }
          }, every);
        });
      },
      { rate: o.liveRate, seconds: o.liveSeconds, every: liveRedrawMs(points.length) },
    );
    const bareLive = await stopFrames(barePage);
    await startFrames(barePage);
    await panAndZoom(barePage, '#map');
    const barePan = await stopFrames(barePage);
    // The bare card, as many times as the app's, each from a map at rest.
    const bareCards: CardTiming[] = [];
    await barePage.waitForTimeout(1500);
    for (let i = 1; i <= cards.length; i++) {
      const show = barePage.getByRole('button', { name: 'Show a point on map' });
      bareCards.push(await openCard(barePage, show, `Point ${i}`, '#map'));
      await barePage.waitForTimeout(1500);
    }
    log(`bare cards: ${bareCards.map((c) => Math.round(c.ms)).join(', ')} ms`);

    const app = median(appMs);
    const bareMedian = median(bareMs);
    log(
      `app breakdown (ms from navigation): ${Object.entries(breakdown)
        .sort((a, b) => a[1] - b[1])
        .map(([k, v]) => `${k} ${Math.round(v)}`)
        .join(', ')}`,
    );
    const figures: Omit<MapFigures, 'bars'> = {
      database: 'postgres',
      at: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        loadBefore,
        loadAfter: os.loadavg(),
      },
      browser: `Chromium ${browser.version()}`,
      viewport: VIEWPORT,
      devices: o.devices,
      settled: {
        definition:
          "navigation start → performance.mark('trackers-settled'): list rows rendered and every filtered tracker drawn (the marker canvas's first view of them) on a loaded map (MapLibre loaded: basemap tiles done); bare (its map the size of the app's map): → 'bare-settled', points source loaded and map idle. Median of the rounds after a warm-up round of each, fresh browser context each.",
        warmUp,
        appMs,
        bareMs,
        app,
        bare: bareMedian,
        ratio: app / bareMedian,
      },
      card: {
        definition:
          "pointer resting on a list row's 'Show … on map' for 500 ms, then pointerdown → the tracker's card (map popup) painted with its name: the render time the Element Timing API reports for the name, measured in the page; a name painted outside the map's box counts as not opened. Bare: the bare page's button opens a MapLibre popup (name, position) at a point, the camera moved as the app moves it (eased when on screen, else a jump to zoom ≥ 12), timed the same way. Each card from a map at rest.",
        ms: cards.map((c) => c.ms),
        median: median(cards.map((c) => c.ms)),
        max: Math.max(...cards.map((c) => c.ms)),
        offScreen: cards.filter((c) => !c.onScreen).length,
        bareMs: bareCards.map((c) => c.ms),
        bareMedian: median(bareCards.map((c) => c.ms)),
        medianRatio: median(cards.map((c) => c.ms)) / median(bareCards.map((c) => c.ms)),
      },
      live: {
        rate: o.liveRate,
        seconds: feed.seconds,
        accepted: feed.accepted,
        framesReceived,
        clustersAfterLive,
        frames: liveFrames,
        bareFrames: bareLive,
      },
      panZoom: { app: appPan, bare: barePan, p95Ratio: appPan.p95 / Math.max(1, barePan.p95) },
      idle,
    };
    const all: MapFigures = { ...figures, bars: bars(figures) };
    printMapFigures(all);
    log(`figures written to ${writeMapFigures(all)}`);
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
