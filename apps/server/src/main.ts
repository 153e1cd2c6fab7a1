import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, parseConfig, type Config } from './config';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demo/demo';
import { startListeners } from './ingest/listeners';
import { startServices } from './start';
import { startDemoSimulator } from './demo/demo-simulator';
import { logSerializers } from './http/log-serializers';
import { StartRefused } from './production-checks';
import { hasPlatformAdmin } from './demo/demo-logins.queries';

function loggerOptions(config: Config) {
  const pretty = process.stdout.isTTY && config.NODE_ENV !== 'production';
  return {
    level: config.LOG_LEVEL,
    serializers: logSerializers,
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
      : {}),
  };
}

/** Resolves once the logger has written out what it was given (pino's flush). */
function flushLogs(log: FastifyBaseLogger): Promise<void> {
  // Fastify's logger type leaves flush out; the logger it builds from these options is pino.
  const { flush } = log as FastifyBaseLogger & { flush?: (done: () => void) => void };
  return new Promise((resolve) => (flush ? flush.call(log, () => resolve()) : resolve()));
}

async function main() {
  let config: Config;
  try {
    config = parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  const started = await startServices(config, loggerOptions(config)).catch((error: unknown) => {
    if (!(error instanceof StartRefused)) throw error;
    console.error(error.message);
    process.exit(2);
  });
  const { ctx, app } = started;
  await app.listen({ port: config.PORT, host: config.HOST });
  const ingest = config.INGEST_ENABLED
    ? await startListeners(
        ctx,
        {
          osmand: config.OSMAND_PORT,
          gt06: config.GT06_PORT,
          teltonika: config.TELTONIKA_PORT,
          h02: config.H02_PORT,
          gps103: config.GPS103_PORT,
          watch: config.WATCH_PORT,
          queclink: config.QUECLINK_PORT,
          meitrack: config.MEITRACK_PORT,
          jt808: config.JT808_PORT,
          wialon: config.WIALON_PORT,
          suntech: config.SUNTECH_PORT,
          istartek: config.ISTARTEK_PORT,
          ruptela: config.RUPTELA_PORT,
          topflytech: config.TOPFLYTECH_PORT,
          navtelecom: config.NAVTELECOM_PORT,
          galileosky: config.GALILEOSKY_PORT,
          jt600: config.JT600_PORT,
          teltonikaUdp: config.TELTONIKA_PORT,
          wialonUdp: config.WIALON_PORT,
        },
        app.log,
        config.deviceLimits,
      )
    : undefined;
  // The device setup guide then tells units the ports really bound (0 picks a free one).
  if (ingest) ctx.devicePorts.listening(ingest.listeners);
  const simulator =
    ingest && config.SEED_DEMO && config.DEMO_SIMULATOR
      ? await startDemoSimulator(
          ctx,
          {
            osmand: ingest.listeners.osmand.port,
            gt06: ingest.listeners.gt06.port,
            teltonika: ingest.listeners.teltonika.port,
          },
          app.log,
        )
      : undefined;

  // Handlers before the start-up message: whoever reads it may send SIGTERM at once.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Devices first: stop accepting, store and acknowledge what arrived, then the API.
    await simulator?.stop();
    await ingest?.close();
    await app.close();
    await ctx.database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const lines = [
    '',
    `Waymark is running at ${config.appUrl} (database: ${ctx.database.kind})`,
    `API documentation: ${config.appUrl}/api/docs`,
  ];
  if (ingest) {
    lines.push(
      `Devices: OsmAnd/Traccar Client http :${ingest.listeners.osmand.port}, GT06 tcp :${ingest.listeners.gt06.port}, Teltonika tcp :${ingest.listeners.teltonika.port}`,
    );
    // The text-protocol families (issue 17), one entry each.
    const more: [string, { port: number } | undefined][] = [
      ['H02', ingest.listeners.h02],
      ['GPS103', ingest.listeners.gps103],
      ['Watch', ingest.listeners.watch],
      ['Queclink', ingest.listeners.queclink],
      ['Meitrack', ingest.listeners.meitrack],
      ['JT808', ingest.listeners.jt808],
      ['Wialon IPS', ingest.listeners.wialon],
      ['Suntech', ingest.listeners.suntech],
      ['iStartek', ingest.listeners.istartek],
      ['Ruptela', ingest.listeners.ruptela],
      ['Topflytech', ingest.listeners.topflytech],
      ['Navtelecom', ingest.listeners.navtelecom],
      ['Galileosky', ingest.listeners.galileosky],
      ['JT600', ingest.listeners.jt600],
    ];
    const listed = more.flatMap(([name, l]) => (l ? [`${name} tcp :${l.port}`] : []));
    if (listed.length > 0) lines.push(`         ${listed.join(', ')}`);
  }
  if (config.SEED_DEMO) {
    lines.push(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) lines.push(`  ${login.email.padEnd(20)} ${login.note}`);
  }
  if (!(await hasPlatformAdmin(ctx.database.db))) {
    // A fresh production install: no demo, so nobody can sign in yet.
    lines.push(
      'No platform admin yet. Create one and set its password from the link it prints:',
      '  npm run create-admin -- --email you@example.com',
    );
  }
  // On a terminal the logs go through pino-pretty in a worker thread and would land after
  // this message; once the start-up lines are out, the address, the device ports and the
  // logins are the last thing a new user reads.
  await flushLogs(app.log);
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
