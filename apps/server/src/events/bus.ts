import type { DomainEvents, EventName } from './catalogue';

export type EventHandler<K extends EventName> = (payload: DomainEvents[K]) => void | Promise<void>;

/**
 * Publishes domain events and delivers them to subscribers: in this process by default, between
 * processes through NATS when `BUS_URL` is set. A publisher never waits for subscribers and never
 * sees their failures (they are logged); a subscriber must not depend on another's order.
 */
export interface Bus {
  readonly kind: 'in-process' | 'nats';
  /**
   * Publishes an event. The payload may be given as a function: it is called only when the
   * event will be delivered somewhere, so a publisher of big payloads (every committed
   * position) pays nothing while no one listens.
   */
  publish<K extends EventName>(name: K, payload: DomainEvents[K] | (() => DomainEvents[K])): void;
  /**
   * Delivers each event of that name published from now on; returns the unsubscribe. With
   * `{ from: 'this-process' }`, only the events this process published: for a follower that
   * acts on what its own process did (a committed batch's rules, an alert's fan-out, a
   * connection's queued commands), so that in a split set-up each event is acted on once, by
   * the process that holds its device, however many processes follow it.
   */
  subscribe<K extends EventName>(
    name: K,
    handler: EventHandler<K>,
    options?: SubscribeOptions,
  ): () => void;
  /** Resolves when what was published so far has reached the subscribers of this process. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface SubscribeOptions {
  from?: 'everywhere' | 'this-process';
}

export const payloadOf = <T>(payload: T | (() => T)): T =>
  typeof payload === 'function' ? (payload as () => T)() : payload;
