import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, parseConfig, type Config } from './config';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demo/demo';
import { startListeners } from './ingest/listeners';
import { startServices } from './start';
import { startDemoSimulator } from './demo/demo-simulator';
import { logSerializers } from './http/log-serializers';

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

  const { ctx, app } = await startServices(config, loggerOptions(config));
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
        },
        app.log,
      )
    : undefined;
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
    ];
    const listed = more.flatMap(([name, l]) => (l ? [`${name} tcp :${l.port}`] : []));
    if (listed.length > 0) lines.push(`         ${listed.join(', ')}`);
  }
  if (config.SEED_DEMO) {
    lines.push(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) lines.push(`  ${login.email.padEnd(20)} ${login.note}`);
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
