import type { FastifyBaseLogger } from 'fastify';
import type { CellLocator } from '../adapters/cell-geolocation/cell-locator';
import type { Bus } from '../events/bus';
import type { PositionPipeline } from '../pipeline/pipeline';
import { CommandChannel } from './command-channel';
import { gt06Protocol } from './protocols/gt06/gt06.decoder';
import { teltonikaProtocol } from './protocols/teltonika/teltonika.decoder';
import { startOsmAndListener } from './osmand-listener';
import { startTcpListener, type DeviceConnection, type TcpListener } from './tcp-listener';

export interface ListenerPorts {
  osmand: number;
  gt06: number;
  teltonika: number;
}

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
  const listeners: Record<keyof ListenerPorts, TcpListener> = {
    osmand: await startOsmAndListener({ ...common, port: ports.osmand }),
    gt06: await startTcpListener({ ...common, protocol: gt06Protocol, port: ports.gt06 }),
    teltonika: await startTcpListener({
      ...common,
      protocol: teltonikaProtocol,
      port: ports.teltonika,
    }),
  };
  return {
    listeners,
    connections,
    close: async () => {
      stopDelivery();
      await Promise.all(Object.values(listeners).map((l) => l.close()));
    },
  };
}
