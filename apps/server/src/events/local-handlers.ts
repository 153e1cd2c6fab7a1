import type { FastifyBaseLogger } from 'fastify';
import type { EventHandler } from './bus';
import type { DomainEvents, EventName } from './catalogue';

/**
 * The subscribers of one process, by event name, and their delivery: a handler's failure (thrown
 * or rejected) is logged and never reaches the publisher or the other handlers; asynchronous
 * handlers are tracked so `settled()` can wait for them (shutdown, tests).
 */
export class LocalHandlers {
  private readonly byName = new Map<EventName, Set<EventHandler<never>>>();
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  has(name: EventName) {
    return (this.byName.get(name)?.size ?? 0) > 0;
  }

  /** Adds a handler; the returned function removes it and tells whether it was the last one. */
  add<K extends EventName>(name: K, handler: EventHandler<K>): () => boolean {
    let set = this.byName.get(name);
    if (!set) this.byName.set(name, (set = new Set()));
    set.add(handler as EventHandler<never>);
    return () => {
      set.delete(handler as EventHandler<never>);
      if (set.size > 0 || this.byName.get(name) !== set) return false;
      this.byName.delete(name);
      return true;
    };
  }

  dispatch<K extends EventName>(name: K, value: DomainEvents[K]) {
    for (const handler of (this.byName.get(name) ?? []) as Set<EventHandler<K>>) {
      try {
        const result = handler(value);
        if (result instanceof Promise) this.track(name, result);
      } catch (err) {
        this.log.error({ err, event: name }, 'event handler failed');
      }
    }
  }

  async settled() {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  clear() {
    this.byName.clear();
  }

  private track(name: EventName, result: Promise<void>) {
    const tracked = result
      .catch((err: unknown) => this.log.error({ err, event: name }, 'event handler failed'))
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }
}
