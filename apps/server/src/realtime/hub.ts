import { dialogChannel, realtimeChannels, type RealtimeMessage } from '@waymark/domain';
import type { Bus } from '../events/bus';

type Listener = (message: RealtimeMessage) => void;
type Kind = 'positions' | 'events' | 'messages';

const kindOf = (channel: string): Kind | undefined =>
  channel.endsWith('.positions')
    ? 'positions'
    : channel.endsWith('.events')
      ? 'events'
      : channel.endsWith('.messages')
        ? 'messages'
        : undefined;

/**
 * The websocket clients of this process by channel (`accounts.{id}.positions`, ...), fed from
 * the bus. It follows an event on the bus only while some client watches a channel of that
 * kind, so nobody pays for presenting positions no one sees; then it hands each account's
 * part to the channel's listeners.
 */
export class RealtimeHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly watched: Record<Kind, number> = { positions: 0, events: 0, messages: 0 };
  private readonly following: Partial<Record<Kind, () => void>> = {};
  /** How to close each open socket, by the id of the token it signed in with. */
  private readonly sessions = new Map<number, Set<() => void>>();
  private stopFollowingRevocations: (() => void) | undefined;

  constructor(private readonly bus: Bus) {}

  /**
   * Registers a socket opened with the token: it is closed when the token is revoked (logout,
   * a password changed or reset, an imitation ended) by any process, as the bus tells. Returns
   * the unregister, for when the socket closes by itself.
   */
  closeOnRevoke(tokenId: number, close: () => void): () => void {
    let set = this.sessions.get(tokenId);
    if (!set) this.sessions.set(tokenId, (set = new Set()));
    set.add(close);
    this.stopFollowingRevocations ??= this.bus.subscribe('tokens.revoked', ({ token_ids }) => {
      for (const id of token_ids) for (const end of this.sessions.get(id) ?? []) end();
    });
    return () => {
      if (!set.delete(close) || set.size > 0) return;
      this.sessions.delete(tokenId);
      if (this.sessions.size > 0) return;
      this.stopFollowingRevocations?.();
      this.stopFollowingRevocations = undefined;
    };
  }

  subscribe(channel: string, listener: Listener): () => void {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      this.watch(kindOf(channel), 1);
    }
    set.add(listener);
    return () => {
      if (!set.delete(listener) || set.size > 0) return;
      this.listeners.delete(channel);
      this.watch(kindOf(channel), -1);
    };
  }

  private watch(kind: Kind | undefined, change: 1 | -1) {
    if (!kind) return;
    this.watched[kind] += change;
    if (this.watched[kind] === 1 && change === 1) this.following[kind] = this.follow(kind);
    if (this.watched[kind] === 0) {
      this.following[kind]?.();
      delete this.following[kind];
    }
  }

  private follow(kind: Kind) {
    if (kind === 'messages') {
      // Scout's messages, on the private channel of their dialog (spec 001 §7).
      return this.bus.subscribe('dialog.message-created', ({ dialog_id, message }) =>
        this.deliver(dialogChannel(dialog_id), 'AiMessageCreated', { dialog_id, message }),
      );
    }
    if (kind === 'positions') {
      return this.bus.subscribe('positions.committed', ({ positions }) => {
        for (const { account_id, position } of positions)
          this.deliver(realtimeChannels.positions(account_id), 'PositionUpdated', position);
      });
    }
    const events = this.bus.subscribe('device-events.created', ({ events }) => {
      for (const { account_id, event } of events)
        this.deliver(realtimeChannels.events(account_id), 'DeviceEventCreated', event);
    });
    // Alerts ride the same channel; the socket passes each on to its own user only.
    const alerts = this.bus.subscribe('alert.notified', ({ account_id, alert }) =>
      this.deliver(realtimeChannels.events(account_id), 'AlertNotified', alert),
    );
    // So do rule firings, each for the user who saved the rule.
    const rules = this.bus.subscribe('rules.fired', ({ account_id, firings }) => {
      for (const firing of firings)
        this.deliver(realtimeChannels.events(account_id), 'RuleFired', firing);
    });
    return () => {
      events();
      alerts();
      rules();
    };
  }

  private deliver(channel: string, event: RealtimeMessage['event'], data: unknown) {
    const set = this.listeners.get(channel);
    if (!set) return;
    const message = { channel, event, data };
    for (const listener of set) listener(message);
  }
}
