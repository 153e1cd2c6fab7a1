export interface RealtimeMessage {
  channel: string;
  event: string;
  data: unknown;
}

type Listener = (message: RealtimeMessage) => void;

/**
 * In-process fan-out of realtime messages by channel (`accounts.{id}.positions`, ...). The
 * websocket endpoint subscribes its clients here; the pipeline and services publish.
 */
export class RealtimeHub {
  private readonly listeners = new Map<string, Set<Listener>>();

  subscribe(channel: string, listener: Listener): () => void {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(channel);
    };
  }

  /** Whether anyone listens: publishers skip building messages nobody receives. */
  isWatched(channel: string) {
    return this.listeners.has(channel);
  }

  publish(channel: string, event: string, data: unknown) {
    const set = this.listeners.get(channel);
    if (!set) return;
    const message = { channel, event, data };
    for (const listener of set) listener(message);
  }
}

export const channels = {
  positions: (accountId: number) => `accounts.${accountId}.positions`,
  events: (accountId: number) => `accounts.${accountId}.events`,
};
