import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { ConfigError, parseConfig } from '../config';
import { clusterBanner } from './cluster-banner';
import { ClusterPlanError, clusterPlan } from './cluster-plan';
import { superviseCluster } from './supervisor';

/**
 * `npm run cluster -- --api 2 --ingest 2 --worker 2`: that set of processes on this machine,
 * against DATABASE_URL and BUS_URL (docs/architecture.md, "Running several processes").
 */
async function main() {
  let plan;
  try {
    plan = clusterPlan(process.argv.slice(2));
    // Split roles need the shared database and bus: the same start error as `--role`.
    parseConfig(process.env, 'api');
  } catch (error) {
    if (error instanceof ClusterPlanError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  cluster.setupPrimary({ exec: fileURLToPath(new URL('../main.ts', import.meta.url)), args: [] });
  const log = { info: console.log, error: console.error };
  const supervisor = superviseCluster(plan, log);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await supervisor.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  try {
    const messages = await supervisor.started;
    console.log(clusterBanner(messages, supervisor.processes()));
  } catch (error) {
    console.error(`Waymark cluster not started: ${(error as Error).message}`);
    await supervisor.stop();
    process.exit(2);
  }
}

void main();
