import type { FastifyBaseLogger } from 'fastify';
import type { CellLocator } from '../adapters/cell-geolocation/cell-locator';
import type { Bus } from '../events/bus';
import type { PositionPipeline } from '../pipeline/pipeline';
import { CommandChannel } from './command-channel';
import { gt06Protocol } from './protocols/gt06/gt06.decoder';
import { teltonikaProtocol } from './protocols/teltonika/teltonika.decoder';
import { h02Protocol } from './protocols/h02/h02.decoder';
import { gps103Protocol } from './protocols/gps103/gps103.decoder';
import { watchProtocol } from './protocols/watch/watch.decoder';
import { queclinkProtocol } from './protocols/queclink/queclink.decoder';
import { meitrackProtocol } from './protocols/meitrack/meitrack.decoder';
import type { TcpProtocol } from './protocols/types';
import { startOsmAndListener } from './osmand-listener';
import { startTcpListener, type DeviceConnection, type TcpListener } from './tcp-listener';

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
}

/** TCP protocols whose listener is optional in ListenerPorts. */
const OPTIONAL_PROTOCOLS = {
  h02: h02Protocol,
  gps103: gps103Protocol,
  watch: watchProtocol,
  queclink: queclinkProtocol,
  meitrack: meitrackProtocol,
};
type OptionalProtocol = keyof typeof OPTIONAL_PROTOCOLS;

/** What the device listeners need from the running process. */
export interface IngestDeps {
  pipeline: PositionPipeline;
  bus: Bus;
  /** Places cell-tower and Wi-Fi reports (CELL_GEOLOCATION_URL); without it they stay status. */
  cellLocator?: CellLocator | undefined;
}

/**
 * Starts every device listener (ports of 0 pick free ones, for tests) and command delivery:
 * listeners tell the bus when a tracker identifies itself and when it answers a command; a
 * `command.queued` for a tracker connected here is written to its connection in its protocol.
 */
export async function startListeners(
  { pipeline, bus, cellLocator }: IngestDeps,
  ports: ListenerPorts,
  log: FastifyBaseLogger,
) {
  const connections = new Map<string, DeviceConnection>();
  const commandChannel = new CommandChannel(connections);
  const common = {
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
    Partial<Record<OptionalProtocol, TcpListener>> = {
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
  return {
    listeners,
    connections,
    close: async () => {
      stopDelivery();
      await Promise.all(Object.values(listeners).map((l) => l.close()));
    },
  };
}
