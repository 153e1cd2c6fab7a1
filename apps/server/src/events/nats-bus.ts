import type { FastifyBaseLogger } from 'fastify';
import { connect, JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { payloadOf, type Bus, type EventHandler, type SubscribeOptions } from './bus';
import type { DomainEvents, EventName } from './catalogue';
import { LocalHandlers } from './local-handlers';
import { halves } from './split-payload';

const codec = JSONCodec();

/**
 * The bus between processes: each event is a NATS message on `{prefix}.{event name}`, JSON
 * encoded. Every process subscribes to what its parts listen to, its own publications included,
 * so one process behaves exactly as on the in-process bus, only later by a round trip. The
 * prefix keeps installations (and parallel test files) sharing one NATS server apart.
 */
export class NatsBus implements Bus {
  readonly kind = 'nats';
  private readonly handlers: LocalHandlers;
  /** Followers of this process's own publications: called in the publisher's turn. */
  private readonly own: LocalHandlers;
  private readonly subscriptions = new Map<EventName, Subscription>();

  private constructor(
    private readonly connection: NatsConnection,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.handlers = new LocalHandlers(log);
    this.own = new LocalHandlers(log);
  }

  static async connect(url: string, prefix: string, log: FastifyBaseLogger): Promise<NatsBus> {
    const connection = await connect({ servers: url, name: `waymark-${process.pid}` });
    void connection.closed().then((err) => {
      if (err) log.error({ err }, 'NATS connection closed with an error');
    });
    return new NatsBus(connection, prefix, log);
  }

  publish<K extends EventName>(name: K, payload: DomainEvents[K] | (() => DomainEvents[K])) {
    const value = payloadOf(payload);
    this.send(name, value);
    if (this.own.has(name)) this.own.dispatch(name, value);
  }

  /**
   * One message, or as many as the server's payload limit needs (the event's list halved until
   * each part fits). Never throws: a publisher does not see the bus's failures.
   */
  private send<K extends EventName>(name: K, value: DomainEvents[K]) {
    const data = codec.encode(value);
    if (data.length > this.connection.info!.max_payload) {
      const parts = halves(value);
      if (parts) for (const part of parts) this.send(name, part);
      else
        this.log.error({ event: name, bytes: data.length }, 'event too large for NATS; not sent');
      return;
    }
    try {
      this.connection.publish(this.subject(name), data);
    } catch (err) {
      this.log.error({ err, event: name }, 'event not published');
    }
  }

  subscribe<K extends EventName>(
    name: K,
    handler: EventHandler<K>,
    options: SubscribeOptions = {},
  ): () => void {
    if (options.from === 'this-process') {
      const remove = this.own.add(name, handler);
      return () => void remove();
    }
    if (!this.handlers.has(name)) {
      const subscription = this.connection.subscribe(this.subject(name), {
        callback: (err, message) => {
          if (err) return this.log.error({ err, event: name }, 'NATS subscription failed');
          this.handlers.dispatch(name, codec.decode(message.data) as DomainEvents[K]);
        },
      });
      this.subscriptions.set(name, subscription);
    }
    const remove = this.handlers.add(name, handler);
    return () => {
      if (!remove()) return;
      this.subscriptions.get(name)?.unsubscribe();
      this.subscriptions.delete(name);
    };
  }

  /**
   * A round trip to the server: it answers after every message published before, and sends the
   * messages for our own subscriptions before its answer, so they have been dispatched.
   */
  async flush() {
    await this.connection.flush();
    await this.handlers.settled();
    await this.own.settled();
  }

  async close() {
    if (this.connection.isClosed()) return;
    await this.flush();
    await this.connection.drain();
    this.handlers.clear();
    this.own.clear();
  }

  private subject(name: EventName) {
    return `${this.prefix}.${name}`;
  }
}
