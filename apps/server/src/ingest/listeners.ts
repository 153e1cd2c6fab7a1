import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { deliverQueued, recordAnswer } from '../modules/commands/commands.service';
import { gt06Protocol } from './protocols/gt06/gt06.decoder';
import { teltonikaProtocol } from './protocols/teltonika/teltonika.decoder';
import { startOsmAndListener } from './osmand-listener';
import { startTcpListener, type TcpListener } from './tcp-listener';

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
  const connections = ctx.commandChannel.connections;
  const common = {
    pipeline: ctx.pipeline,
    log,
    connections,
    // Commands that waited for the tracker go out as soon as it identifies itself.
    onIdentified: (serial: string) => {
      deliverQueued(ctx, serial).catch((err: unknown) =>
        log.error({ err, serial }, 'queued commands not sent'),
      );
    },
    onCommandResponse: (serial: string, text: string) => {
      recordAnswer(ctx, serial, text).catch((err: unknown) =>
        log.error({ err, serial }, 'command answer not stored'),
      );
    },
  };
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
