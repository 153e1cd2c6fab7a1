import { startSimulator } from '@waymark/simulator/simulator';
import type { AppContext } from '../app-context';
import type { ListenerPorts } from '../ingest/listeners';
import { DEMO_HISTORY_DAYS, demoSimulatorDevices } from './demo-fleet';

/**
 * Keeps the demo trackers moving: the same virtual trackers as `npm run simulate`, over real
 * sockets to this process's own listeners, continuing the vehicles of the seeded history.
 */
export async function startDemoSimulator(ctx: AppContext, ports: ListenerPorts) {
  const devices = await demoSimulatorDevices(ctx.database);
  if (devices.length === 0) return undefined;
  return startSimulator({
    devices,
    host: '127.0.0.1',
    ports,
    rate: 1 / 30,
    historyFrom: new Date(Date.now() - DEMO_HISTORY_DAYS * 86_400_000),
  });
}
