import type { FastifyBaseLogger } from 'fastify';
import { payloadOf, type Bus, type EventHandler } from './bus';
import type { DomainEvents, EventName } from './catalogue';
import { LocalHandlers } from './local-handlers';

/**
 * The bus of one process: subscribers are called synchronously, in the publisher's turn, so a
 * registry told of a change has forgotten its copy before the publisher's next statement.
 */
export class InProcessBus implements Bus {
  readonly kind = 'in-process';
  private readonly handlers: LocalHandlers;

  constructor(log: FastifyBaseLogger) {
    this.handlers = new LocalHandlers(log);
  }

  publish<K extends EventName>(name: K, payload: DomainEvents[K] | (() => DomainEvents[K])) {
    if (this.handlers.has(name)) this.handlers.dispatch(name, payloadOf(payload));
  }

  /** Every event here is this process's, so `from` changes nothing. */
  subscribe<K extends EventName>(name: K, handler: EventHandler<K>): () => void {
    const remove = this.handlers.add(name, handler);
    return () => void remove();
  }

  flush() {
    return this.handlers.settled();
  }

  async close() {
    await this.flush();
    this.handlers.clear();
  }
}
