import type { FastifyBaseLogger } from 'fastify';
import type { CellLocator } from '../adapters/cell-geolocation/cell-locator';
import type { Bus } from '../events/bus';
import type { MetricsBoard } from '../metrics/metrics-board';
import type { PositionSink } from './position-sink';
import { CommandChannel } from './command-channel';
import { gt06Protocol } from './protocols/gt06/gt06.decoder';
import { teltonikaProtocol } from './protocols/teltonika/teltonika.decoder';
import { h02Protocol } from './protocols/h02/h02.decoder';
import { gps103Protocol } from './protocols/gps103/gps103.decoder';
import { watchProtocol } from './protocols/watch/watch.decoder';
import { queclinkProtocol } from './protocols/queclink/queclink.decoder';
import { meitrackProtocol } from './protocols/meitrack/meitrack.decoder';
import { jt808Protocol } from './protocols/jt808/jt808.decoder';
import { wialonProtocol } from './protocols/wialon/wialon.decoder';
import { suntechProtocol } from './protocols/suntech/suntech.decoder';
import { istartekProtocol } from './protocols/istartek/istartek.decoder';
import type { TcpProtocol } from './protocols/types';
import { startOsmAndListener } from './osmand-listener';
import { startTcpListener, type DeviceConnection, type TcpListener } from './tcp-listener';
import { DescriptorBudget } from './connection-gate';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './connection-limits';
import { ruptelaProtocol } from './protocols/ruptela/ruptela.decoder';
import { topflytechProtocol } from './protocols/topflytech/topflytech.decoder';
import { navtelecomProtocol } from './protocols/navtelecom/navtelecom.decoder';
import { galileoskyProtocol } from './protocols/galileosky/galileosky.decoder';
import { jt600Protocol } from './protocols/jt600/jt600.decoder';
import { teltonikaUdpProtocol } from './protocols/teltonika/teltonika.udp';
import { startUdpListener } from './udp-listener';
import { wialonUdpProtocol } from './protocols/wialon/wialon.udp';

export interface ListenerPorts {
  osmand: number;
  gt06: number;
  teltonika: number;
  /** The protocol families below start only when given a port (tests start the ones they use). */
  h02?: number;
  gps103?: number;
  watch?: number;
  queclink?: number;
  meitrack?: number;
  jt808?: number;
  wialon?: number;
  suntech?: number;
  istartek?: number;
  ruptela?: number;
  topflytech?: number;
  navtelecom?: number;
  galileosky?: number;
  jt600?: number;
  /** Teltonika over UDP: the same port number as its TCP listener in production (TELTONIKA_PORT). */
  teltonikaUdp?: number;
  /** Wialon IPS over UDP: the same port number as its TCP listener in production (WIALON_PORT). */
  wialonUdp?: number;
}

/** TCP protocols whose listener is optional in ListenerPorts. */
const OPTIONAL_PROTOCOLS = {
  h02: h02Protocol,
  gps103: gps103Protocol,
  watch: watchProtocol,
  queclink: queclinkProtocol,
  meitrack: meitrackProtocol,
  jt808: jt808Protocol,
  wialon: wialonProtocol,
  suntech: suntechProtocol,
  istartek: istartekProtocol,
  ruptela: ruptelaProtocol,
  topflytech: topflytechProtocol,
  navtelecom: navtelecomProtocol,
  galileosky: galileoskyProtocol,
  jt600: jt600Protocol,
};
type OptionalProtocol = keyof typeof OPTIONAL_PROTOCOLS;

/** Protocols served over UDP, each on the port number of its TCP listener in production. */
const UDP_PROTOCOLS = {
  teltonikaUdp: teltonikaUdpProtocol,
  wialonUdp: wialonUdpProtocol,
};
type UdpProtocol = keyof typeof UDP_PROTOCOLS;

/** What the device listeners need from the running process. */
export interface IngestDeps {
  pipeline: PositionSink;
  bus: Bus;
  /** Places cell-tower and Wi-Fi reports (CELL_GEOLOCATION_URL); without it they stay status. */
  cellLocator?: CellLocator | undefined;
  /** Where each listener's counters are read by `GET /api/metrics` (tests may leave it out). */
  metrics?: MetricsBoard;
}

/**
 * Starts every device listener (ports of 0 pick free ones, for tests) and command delivery:
 * listeners tell the bus when a tracker identifies itself and when it answers a command; a
 * `command.queued` for a tracker connected here is written to its connection in its protocol.
 */
export async function startListeners(
  { pipeline, bus, cellLocator, metrics }: IngestDeps,
  ports: ListenerPorts,
  log: FastifyBaseLogger,
  limits: ConnectionLimits = DEFAULT_CONNECTION_LIMITS,
) {
  const connections = new Map<string, DeviceConnection>();
  const commandChannel = new CommandChannel(connections);
  // One budget for every listener: together they leave the reserved descriptors alone.
  const budget = DescriptorBudget.forProcess(limits);
  const common = {
    limits,
    budget,
    pipeline,
    log,
    connections,
    cellLocator,
    onIdentified: (serial: string, protocol: string) =>
      bus.publish('device.connected', { serial, protocol }),
    onCommandResponse: (serial: string, text: string) =>
      bus.publish('command.answered', { serial, text }),
  };
  const stopDelivery = bus.subscribe('command.queued', (command) => {
    if (commandChannel.send(command.serial, command.text)) {
      bus.publish('command.sent', {
        device_message_id: command.device_message_id,
        serial: command.serial,
      });
    }
  });
  const listeners: Record<'osmand' | 'gt06' | 'teltonika', TcpListener> &
    Partial<Record<OptionalProtocol | UdpProtocol, TcpListener>> = {
    osmand: await startOsmAndListener({ ...common, port: ports.osmand }),
    gt06: await startTcpListener({ ...common, protocol: gt06Protocol, port: ports.gt06 }),
    teltonika: await startTcpListener({
      ...common,
      protocol: teltonikaProtocol,
      port: ports.teltonika,
    }),
  };
  for (const name of Object.keys(OPTIONAL_PROTOCOLS) as OptionalProtocol[]) {
    const port = ports[name];
    if (port === undefined) continue;
    const protocol: TcpProtocol<unknown> = OPTIONAL_PROTOCOLS[name];
    listeners[name] = await startTcpListener({ ...common, protocol, port });
  }
  for (const name of Object.keys(UDP_PROTOCOLS) as UdpProtocol[]) {
    const port = ports[name];
    if (port === undefined) continue;
    const protocol: TcpProtocol<unknown> = UDP_PROTOCOLS[name];
    listeners[name] = await startUdpListener({ protocol, port, pipeline, log, cellLocator });
  }
  const unregister = Object.entries(listeners).map(
    ([name, listener]) =>
      metrics?.register({
        prefix: 'waymark_ingest',
        labels: { listener: name },
        read: () => listener.metrics,
      }) ?? (() => {}),
  );
  return {
    listeners,
    connections,
    close: async () => {
      stopDelivery();
      for (const stop of unregister) stop();
      await Promise.all(Object.values(listeners).map((l) => l.close()));
    },
  };
}
