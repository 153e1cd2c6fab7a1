import type { DeviceListItem, RawPosition } from '@waymark/domain';
import { startSimulator } from '@waymark/simulator/simulator';
import type { BenchServer } from '../../ingest/server';
import {
  DEMO_HISTORY_DAYS,
  demoHistoryFrom,
  demoSimulatorDevices,
} from '../../../apps/server/src/demo/demo-fleet';

/** The readings the reefer sensors report, in turn (°C, % humidity): some above 40 °F. */
const TEMPERATURES_C = [3.2, 6.1, -17.8, 4.1, 7.4, 2.0, 5.0];
const HUMIDITIES = [55, 82, 40, 91, 68, 75, 88];
/** Under the Reefer Sensor model's expected report interval (15 min): they stay online. */
const SENSOR_EVERY_MS = 60_000;

/**
 * The demo fleet live while Scout is asked, as `npm start` runs it: the demo's virtual trackers
 * go on from their seeded history over real sockets to the bench server's listeners (the same
 * simulator and start as the demo's), except the trackers of the Reefer Sensor model. The demo
 * history carries no temperatures, so those stand where they are and report a temperature and
 * a humidity every minute through the pipeline, as a parked reefer's sensor would; the
 * questions about reefers then have readings to be right or wrong about. Expected answers still
 * come from the API.
 */
export async function startLiveDemo(server: BenchServer, trackers: DeviceListItem[]) {
  const sensors = trackers.filter(
    (d) =>
      d.model_title === 'Reefer Sensor' && d.current_position && d.subscription_status === 'active',
  );
  const report = async () => {
    const now = new Date();
    const fixes: RawPosition[] = sensors.map((d, i) => ({
      serial: d.serial,
      deviceTime: now,
      lat: d.current_position!.lat,
      lng: d.current_position!.lng,
      valid: true,
      fix: 'gps',
      speed: 0,
      speedUnit: 'kmh',
      battery: d.current_position!.battery ?? 80,
      temperature: TEMPERATURES_C[i % TEMPERATURES_C.length]!,
      humidity: HUMIDITIES[i % HUMIDITIES.length]!,
    }));
    await server.ctx.pipeline.submit(fixes, 'bench');
  };
  await report();
  const timer = setInterval(() => void report(), SENSOR_EVERY_MS);
  const sensorSerials = new Set(sensors.map((d) => d.serial));
  const database = server.ctx.database;
  const simulator = startSimulator({
    devices: (await demoSimulatorDevices(database)).filter((d) => !sensorSerials.has(d.serial)),
    host: '127.0.0.1',
    ports: server.ports,
    rate: 1 / 30,
    historyFrom:
      (await demoHistoryFrom(database)) ?? new Date(Date.now() - DEMO_HISTORY_DAYS * 86_400_000),
  });
  await server.ctx.pipeline.flush();
  await server.ctx.bus.flush();
  return {
    sensors: sensors.length,
    driven: simulator.devices.length,
    stop: async () => {
      clearInterval(timer);
      await simulator.stop();
    },
  };
}
