import type { FastifyBaseLogger } from 'fastify';
import cluster from 'node:cluster';
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig, ROLES, type Config } from './config';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demo/demo';
import { startServices } from './roles/all-in-one';
import { startIngest } from './roles/ingest';
import { startSplitRoles } from './roles/split-roles';
import { deviceLines } from './roles/startup-lines';
import { startDemoSimulator } from './demo/demo-simulator';
import { logSerializers } from './http/log-serializers';
import { StartRefused } from './production-checks';
import { hasPlatformAdmin } from './demo/demo-logins.queries';
import type { StartedMessage } from './cluster/started-message';

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

/** The roles the command line names (`--role api,worker`), which win over ROLES. */
function roleArgument() {
  const { values } = parseArgs({ options: { role: { type: 'string' } }, strict: false });
  return typeof values.role === 'string' ? values.role : undefined;
}

async function main() {
  let config: Config;
  try {
    config = parseConfig(process.env, roleArgument());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  if (ROLES.every((role) => config.ROLES.has(role))) await runAllInOne(config);
  else await runSplit(config);
}

/** `npm start`: every role in one process, the demo and its simulator. */
async function runAllInOne(config: Config) {
  const started = await startServices(config, loggerOptions(config)).catch(refused);
  const { ctx, app } = started;
  await app.listen({ port: config.PORT, host: config.HOST });
  const ingest = config.INGEST_ENABLED ? await startIngest(ctx, ctx.pipeline, app.log) : undefined;
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
  stopOnSignals(app.log, async () => {
    // Devices first: stop accepting, store and acknowledge what arrived, then the API.
    await simulator?.stop();
    await ingest?.close();
    await app.close();
    await ctx.database.close();
  });

  const lines = [
    '',
    `Waymark is running at ${config.appUrl} (database: ${ctx.database.kind})`,
    `API documentation: ${config.appUrl}/api/docs`,
  ];
  if (ingest) lines.push(...deviceLines(ingest.listeners));
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

/**
 * A split process (`--role`, on PostgreSQL and NATS): the roles named and nothing else; no
 * demo and no simulator, which need every role.
 */
async function runSplit(config: Config) {
  const started = await startSplitRoles(config, loggerOptions(config)).catch(refused);
  const { app, ctx, log, sink } = started;
  if (app) await app.listen({ port: config.PORT, host: config.HOST });
  const ingest =
    config.ROLES.has('ingest') && config.INGEST_ENABLED
      ? await startIngest(ctx, sink, log)
      : undefined;
  stopOnSignals(log, async () => {
    await ingest?.close();
    await started.close();
    await ctx.database.close();
  });
  const roles = [...config.ROLES];
  await flushLogs(log);
  if (cluster.isWorker) {
    // One of `npm run cluster`'s processes: the supervisor prints one message for the set.
    const started: StartedMessage = {
      waymark: 'started',
      roles,
      database: ctx.database.kind,
      ...(app
        ? { appUrl: config.appUrl, hasPlatformAdmin: await hasPlatformAdmin(ctx.database.db) }
        : {}),
      ...(ingest ? { deviceLines: deviceLines(ingest.listeners) } : {}),
    };
    process.send!(started);
    return;
  }
  const lines = [
    '',
    `Waymark (${roles.join(', ')}) is running (database: ${ctx.database.kind}, bus: NATS)`,
  ];
  if (app) lines.push(`Web app and API at ${config.appUrl}`);
  if (ingest) lines.push(...deviceLines(ingest.listeners));
  console.log(lines.join('\n') + '\n');
}

/** A start refused for a reason the operator must fix (StartRefused): its text, exit 2. */
function refused(error: unknown): never {
  if (!(error instanceof StartRefused)) throw error;
  console.error(error.message);
  process.exit(2);
}

/** Runs `stop` once on SIGTERM or SIGINT, then exits. */
function stopOnSignals(log: FastifyBaseLogger, stop: () => Promise<void>) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    await stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
