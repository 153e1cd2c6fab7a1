import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import { deliverQueued, markSent, recordAnswer } from './commands.service';

/**
 * What the commands module does when trackers come and go: a tracker that identifies itself
 * gets the data commands that waited for it; a command written to a connection is marked sent;
 * an answer is stored with the command it belongs to. One tracker's events are handled in the
 * order they came (an answer must find its command already marked sent). It follows the events of
 * this process's own connections (the ingest role's): each is handled once, by the process
 * that holds the tracker, in its order.
 */
export function listenForCommands(ctx: AppContext, log: FastifyBaseLogger) {
  const { bus } = ctx;
  const own = { from: 'this-process' } as const;
  const chains = new Map<string, Promise<void>>();
  const inOrder = (serial: string, what: string, work: () => Promise<unknown>) => {
    const next = (chains.get(serial) ?? Promise.resolve()).then(work).then(
      () => undefined,
      (err: unknown) => log.error({ err, serial }, what),
    );
    chains.set(serial, next);
    void next.then(() => {
      if (chains.get(serial) === next) chains.delete(serial);
    });
    return next;
  };
  const stops = [
    bus.subscribe(
      'device.connected',
      ({ serial }) => inOrder(serial, 'queued commands not sent', () => deliverQueued(ctx, serial)),
      own,
    ),
    bus.subscribe(
      'command.sent',
      ({ serial, device_message_id }) =>
        inOrder(serial, 'command not marked sent', () => markSent(ctx, device_message_id)),
      own,
    ),
    bus.subscribe(
      'command.answered',
      ({ serial, text }) =>
        inOrder(serial, 'command answer not stored', () => recordAnswer(ctx, serial, text)),
      own,
    ),
  ];
  return () => stops.forEach((stop) => stop());
}
