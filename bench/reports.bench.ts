import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { buffer } from 'node:stream/consumers';
import { actorOf } from '../apps/server/src/access/actor';
import { writeReportPdf } from '../apps/server/src/modules/reports/report-pdf';
import {
  reportDetails,
  reportDetailsJson,
} from '../apps/server/src/modules/reports/reports.service';
import { startBenchServer } from './ingest/server';
import { parseOptions } from './reports/options';
import {
  bars,
  printFigures,
  timings,
  writeFigures,
  type FileRun,
  type ReportsFigures,
} from './reports/report';
import {
  EVERY_SECONDS,
  REPORTS_BENCH_EMAIL,
  REPORTS_BENCH_PASSWORD,
  seedReportsBench,
} from './reports/seed';
import { login } from './shared/login';

/**
 * `npm run bench:reports [-- --postgres]`: issue 20's 30-day report of a tracker reporting
 * every 30 s (86,400 positions, two stops a day, three alerts a day) against the real server
 * on PGlite or PostgreSQL: POST /api/accounts/{id}/reports (bar: under 2 s), its details call
 * as the page makes it, positions in format=rows (bar: under 1 s; the objects form for scale), and its PDF as the report-pdf job makes it (the signed-in export answers
 * 202 past REPORT_PDF_JOB_POSITIONS and mails it): reportDetails + writeReportPdf (bar: under
 * 5 s, and under 300 MB of memory added while making it); the positions XLSX and CSV through
 * GET /api/reports/{id}/export for scale. Prints and writes
 * bench/results/reports-<database>.json; never fails on a bar.
 */

const log = (text: string) => console.log(`[bench:reports] ${text}`);
const MB = 1024 * 1024;
/** The viewer's clock for the files: US Central in winter. */
const OFFSET_MINUTES = -360;

/** Sends one request, reads the whole body, and answers its time and body. */
async function call(url: string, init: RequestInit, expected: number) {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (response.status !== expected) {
    throw new Error(
      `${init.method ?? 'GET'} ${url} answered ${response.status}: ${body.toString().slice(0, 500)}`,
    );
  }
  return { ms, body };
}

/**
 * Runs `work` while sampling resident memory every 5 ms; the kernel's high-water mark (maxRSS)
 * catches a peak between samples when it rises past the process's earlier highs.
 */
async function withMemory<T>(work: () => Promise<T>) {
  const before = process.memoryUsage().rss;
  const maxBefore = process.resourceUsage().maxRSS * 1024;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    const maxAfter = process.resourceUsage().maxRSS * 1024;
    if (maxAfter > maxBefore) peak = Math.max(peak, maxAfter);
    return { result, beforeMb: before / MB, peakMb: peak / MB };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2), process.env);
  const database = options.postgresUrl ? 'postgres' : 'pglite';
  const loadBefore = os.loadavg()[0]!;
  log(`starting the server on ${database}`);
  const server = await startBenchServer(options.postgresUrl);
  const { ctx } = server;
  const interrupt = () => void server.close().finally(() => process.exit(130));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    // The range ends at the last whole minute before now; the history fills it exactly.
    const endMs = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
    const startMs = endMs - options.days * 86_400_000;
    const seeded = performance.now();
    const { accountId, userId, deviceId, positions } = await seedReportsBench(
      ctx.database.db,
      options.days,
      new Date(startMs),
    );
    const seedSeconds = (performance.now() - seeded) / 1000;
    log(
      `seeded ${positions.toLocaleString('en-US')} positions every ${EVERY_SECONDS} s in ${seedSeconds.toFixed(1)} s`,
    );

    const token = await login(server.httpUrl, REPORTS_BENCH_EMAIL, REPORTS_BENCH_PASSWORD);
    const headers = { authorization: `Bearer ${token}`, 'x-timezone': 'UTC' };
    const createPath = `/api/accounts/${accountId}/reports?include=device`;
    const body = JSON.stringify({
      device_id: deviceId,
      start_at: new Date(startMs).toISOString(),
      end_at: new Date(endMs).toISOString(),
      include_positions: true,
      include_sensors: true,
      include_alerts: true,
      include_geofence_name: true,
    });
    log(`create: ${options.creates} reports one after another`);
    const createRuns: number[] = [];
    let reportId = 0;
    for (let run = 0; run < options.creates; run++) {
      const created = await call(
        `${server.httpUrl}${createPath}`,
        { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body },
        201,
      );
      createRuns.push(created.ms);
      reportId = (JSON.parse(created.body.toString()) as { data: { id: number } }).data.id;
    }

    // The details page's call: the positions in format=rows (the objects form for scale).
    const detailsPath = `/api/accounts/${accountId}/reports/${reportId}?include=device&format=rows`;
    const objectsPath = `/api/accounts/${accountId}/reports/${reportId}?include=device`;
    const timedCalls = async (path: string, runs: number) => {
      const times: number[] = [];
      let body = Buffer.alloc(0);
      for (let run = -2; run < runs; run++) {
        const got = await call(`${server.httpUrl}${path}`, { headers }, 200);
        if (run >= 0) times.push(got.ms);
        body = got.body;
      }
      return { times, body };
    };
    log(`details: ${options.details} requests after 2 not timed, then the objects form`);
    const { times: detailsRuns, body: details } = await timedCalls(detailsPath, options.details);
    const objects = await timedCalls(objectsPath, Math.min(options.details, 5));
    const snapshot = (
      JSON.parse(details.toString()) as {
        data: { positions: { rows: unknown[] }; stops: unknown[]; events: unknown[] };
      }
    ).data;
    if (snapshot.positions.rows.length !== positions) {
      throw new Error(
        `the report holds ${snapshot.positions.rows.length} positions, not ${positions}`,
      );
    }

    // The same details without HTTP: what the route's own work costs (the service's read and
    // the JSON text), to tell it from the transfer and this client's reading of the body.
    const actor = await actorOf(ctx.database.db, userId, accountId);
    const serviceRuns: number[] = [];
    for (let run = 0; run < Math.min(options.details, 5); run++) {
      const started = performance.now();
      await reportDetailsJson(ctx, actor, reportId, 'rows');
      serviceRuns.push(performance.now() - started);
    }

    // The PDF as the report-pdf job makes it (report-pdf.job.ts): the report as the service
    // answers it for the user, rendered into one buffer, in this process (the server's).
    log(`PDF: ${options.pdfs} runs as the report-pdf job makes it`);
    const pdfRuns: number[] = [];
    let pdfBytes = 0;
    let rssBeforeMb = 0;
    let rssPeakMb = 0;
    let addedMb = 0;
    for (let run = 0; run < options.pdfs; run++) {
      const started = performance.now();
      const made = await withMemory(async () => {
        const report = await reportDetails(ctx, actor, reportId);
        return buffer(
          writeReportPdf(report, { offsetMinutes: OFFSET_MINUTES, appUrl: ctx.config.appUrl }),
        );
      });
      pdfRuns.push(performance.now() - started);
      pdfBytes = made.result.length;
      if (made.peakMb - made.beforeMb > addedMb) {
        addedMb = made.peakMb - made.beforeMb;
        rssBeforeMb = made.beforeMb;
        rssPeakMb = made.peakMb;
      }
      log(
        `PDF ${run === 0 ? '(first, reads the basemap) ' : ''}${pdfRuns[run]!.toFixed(0)} ms, +${(made.peakMb - made.beforeMb).toFixed(0)} MB`,
      );
    }

    const file = async (format: 'xlsx' | 'csv'): Promise<FileRun> => {
      const got = await call(
        `${server.httpUrl}/api/reports/${reportId}/export?type=positions&format=${format}&offset=${OFFSET_MINUTES}`,
        { headers },
        200,
      );
      return { ms: got.ms, bytes: got.body.length };
    };
    const xlsx = await file('xlsx');
    const csv = await file('csv');

    const figures: Omit<ReportsFigures, 'bars'> = {
      database,
      at: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        loadBefore,
        loadAfter: os.loadavg()[0]!,
      },
      data: {
        days: options.days,
        positions,
        stops: snapshot.stops.length,
        alerts: snapshot.events.length,
        seedSeconds,
      },
      create: { ...timings(createRuns), path: createPath },
      details: {
        ...timings(detailsRuns),
        path: detailsPath,
        bytes: details.length,
        service: timings(serviceRuns),
        objects: { ...timings(objects.times), path: objectsPath, bytes: objects.body.length },
      },
      pdf: {
        ...timings(pdfRuns),
        measured:
          'as the report-pdf job makes it (the signed-in export answers 202 past REPORT_PDF_JOB_POSITIONS): reportDetails + writeReportPdf into one buffer, in the server process; memory sampled every 5 ms with the maxRSS high-water mark',
        bytes: pdfBytes,
        rssBeforeMb,
        rssPeakMb,
        addedMb,
      },
      xlsx,
      csv,
    };
    const all: ReportsFigures = { ...figures, bars: bars(figures) };
    printFigures(all);
    log(`figures written to ${writeFigures(all)}`);
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
