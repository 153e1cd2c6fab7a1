import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { gt06Protocol } from './protocols/gt06/gt06.decoder';
import { teltonikaProtocol } from './protocols/teltonika/teltonika.decoder';
import { startOsmAndListener } from './osmand-listener';
import { startTcpListener, type ConnectionRegistry, type TcpListener } from './tcp-listener';
import { deliverQueued, recordAnswer } from '../modules/commands/commands.service';

export interface ListenerPorts {
  osmand: number;
  gt06: number;
  teltonika: number;
}

/** Starts every device listener; ports of 0 pick free ones (tests). */
export async function startListeners(
  ctx: AppContext,
  ports: ListenerPorts,
  log: FastifyBaseLogger,
) {
  const connections: ConnectionRegistry = new Map();
  const common = { pipeline: ctx.pipeline, log, connections };
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
    close: () => Promise.all(Object.values(listeners).map((l) => l.close())).then(() => undefined),
  };
}
