// `npm run audit`: the production dependencies' known vulnerabilities (issue 24). Fails on a
// high or critical finding. Where the registry's audit service cannot be reached (a machine
// behind a mirror that serves packages only answers its POST with 405), it says so and
// passes: there is nothing to compare against, and `npm ci` already pins what is installed.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`npm audit printed no report:\n${run.stdout}${run.stderr}`);
  process.exit(1);
}
if (report.statusCode !== undefined || report.error) {
  const why = report.message ?? report.error?.summary ?? 'no answer';
  console.log(`npm audit: the audit service could not be reached (${why}); not checked here.`);
  process.exit(0);
}
const counts = report.metadata?.vulnerabilities ?? {};
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `npm audit (production dependencies): ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ` +
    `${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
);
for (const [name, finding] of Object.entries(report.vulnerabilities ?? {})) {
  if (['high', 'critical'].includes(finding.severity))
    console.log(`  ${finding.severity}: ${name}`);
}
process.exit(serious > 0 ? 1 : 0);
