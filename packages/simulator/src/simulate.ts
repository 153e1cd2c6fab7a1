import { parseCliOptions, USAGE } from './cli-options';
import { startSimulator } from './simulator';
import { formatProgress } from './stats';

/** Prints progress this often. */
const REPORT_EVERY_MS = 5000;

/**
 * CLI: `npm run simulate -- --devices 1000 --rate 1`. Drives virtual trackers against a running
 * server until Ctrl-C or --duration, printing totals and rates every 5 s.
 */
function main(): void {
  let parsed;
  try {
    parsed = parseCliOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (parsed.help) {
    console.log(USAGE);
    return;
  }
  const { options } = parsed;
  const simulator = startSimulator(options);
  const counts = simulator.devices.reduce<Record<string, number>>((acc, d) => {
    acc[d.protocol] = (acc[d.protocol] ?? 0) + 1;
    return acc;
  }, {});
  console.log(
    `simulating ${simulator.devices.length} trackers against ${options.host} ` +
      `(${Object.entries(counts)
        .map(([p, n]) => `${p} ${n}`)
        .join(', ')}), ${options.rate} reports/s each`,
  );

  let before = { sent: 0, acked: 0 };
  let last = Date.now();
  const progress = setInterval(() => {
    const now = Date.now();
    console.log(formatProgress(simulator.stats, before, (now - last) / 1000));
    before = { sent: simulator.stats.sent, acked: simulator.stats.acked };
    last = now;
  }, REPORT_EVERY_MS);

  const shutdown = () => void simulator.stop();
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  void simulator.done.then(() => {
    clearInterval(progress);
    console.log(`stopped: ${formatProgress(simulator.stats, before, (Date.now() - last) / 1000)}`);
    process.off('SIGINT', shutdown);
    process.off('SIGTERM', shutdown);
  });
}

main();
