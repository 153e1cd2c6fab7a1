import type { FastifyBaseLogger } from 'fastify';
import { startSimulator } from '@waymark/simulator/simulator';
import type { AppContext } from '../app-context';
import { planLiveShipment } from './demo-live-shipment';
import type { ListenerPorts } from '../ingest/listeners';
import { DEMO_HISTORY_DAYS, demoHistoryFrom, demoSimulatorDevices } from './demo-fleet';

/**
 * Keeps the demo trackers moving: the same virtual trackers as `npm run simulate`, over real
 * sockets to this process's own listeners, continuing the vehicles of the seeded history (from
 * the same start, `demoHistoryFrom`), with
 * one live shipment they drive to completion.
 */
export async function startDemoSimulator(
  ctx: AppContext,
  ports: ListenerPorts,
  log: FastifyBaseLogger,
) {
  const devices = await demoSimulatorDevices(ctx.database);
  if (devices.length === 0) return undefined;
  const simulator = startSimulator({
    devices,
    host: '127.0.0.1',
    ports,
    rate: 1 / 30,
    // The seed's own start, so each vehicle goes on from where its history ended.
    historyFrom:
      (await demoHistoryFrom(ctx.database)) ??
      new Date(Date.now() - DEMO_HISTORY_DAYS * 86_400_000),
  });
  await planLiveShipment(ctx, simulator, log).catch((err: unknown) =>
    log.warn({ err }, 'live demo shipment not planned'),
  );
  return simulator;
}
