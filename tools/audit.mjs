// `npm run audit`: the production dependencies' known vulnerabilities (issues 24 and 39). Fails
// on a high or critical finding. Where the advisory service cannot be reached (a registry or
// mirror that serves packages only answers its POST with 405; no network), nothing was
// checked: it says so plainly, with the reason, and does not fail for that alone (`npm ci`
// already pins what is installed), unless AUDIT_STRICT=1 asks it to. Arguments go on to
// `npm audit`, e.g. `npm run audit -- --registry=https://registry.npmjs.org/`.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json', ...process.argv.slice(2)], {
  encoding: 'utf8',
});

/** Says that nothing was checked and why; a warning annotation in GitHub Actions. */
function notChecked(why) {
  const text =
    `npm audit: NOT CHECKED. The advisory service could not be reached (${why}), so no ` +
    'dependency was compared with the known vulnerabilities. This is not a pass: run ' +
    '`npm run audit` where the registry answers audits (README, "Dependency audit").';
  console.log(text);
  if (process.env.GITHUB_ACTIONS === 'true') console.log(`::warning title=npm audit::${text}`);
  process.exit(process.env.AUDIT_STRICT === '1' ? 2 : 0);
}

let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`npm audit printed no report:\n${run.stdout}${run.stderr}`);
  process.exit(1);
}
if (report.statusCode !== undefined || report.error) {
  const status = report.statusCode === 405 ? ': the registry serves packages, not advisories' : '';
  notChecked(`${report.message ?? report.error?.summary ?? 'no answer'}${status}`);
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
