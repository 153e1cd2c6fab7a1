import { useEffect } from 'react';
import { realtimeChannels, type CurrentPosition, type RealtimeMessage } from '@waymark/domain';
import { livePositions } from './livePositions';
import { session } from './session';

/** The server's API contract: reconnect 2 s after the socket closes. */
export const RECONNECT_MS = 2_000;

type Listener = (message: RealtimeMessage) => void;
/**
 * A subscription's answers: `subscribed` each time the server confirms it (again after a
 * reconnect), `error` when it refused or failed it.
 */
export interface ChannelHooks {
  onSubscribed?: () => void;
  onError?: (message: string) => void;
}
/** A frame from the server, or one message of a batch frame. */
type Incoming = {
  type?: string;
  channel?: string;
  event?: RealtimeMessage['event'];
  data?: unknown;
  message?: string;
};

/**
 * The one websocket to /api/realtime. Channels are reference-counted: the socket opens with
 * the first subscriber, re-subscribes everything after a reconnect, and closes with the last.
 */
class RealtimeClient {
  private socket: WebSocket | null = null;
  private listeners = new Map<string, Set<Listener>>();
  private hooks = new Map<string, Set<ChannelHooks>>();
  private retry: ReturnType<typeof setTimeout> | undefined;

  subscribe(channel: string, listener: Listener, hooks?: ChannelHooks): () => void {
    if (hooks) {
      const set = this.hooks.get(channel) ?? new Set();
      set.add(hooks);
      this.hooks.set(channel, set);
    }
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      this.send({ type: 'subscribe', channel });
    }
    set.add(listener);
    this.connect();
    return () => {
      if (hooks) this.hooks.get(channel)?.delete(hooks);
      const current = this.listeners.get(channel);
      current?.delete(listener);
      if (current && current.size === 0) {
        this.listeners.delete(channel);
        this.send({ type: 'unsubscribe', channel });
      }
      if (this.listeners.size === 0) this.close();
    };
  }

  private connect() {
    if (this.socket || this.retry !== undefined) return;
    const token = session.bearer();
    if (!token) return;
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const url = `${scheme}://${window.location.host}/api/realtime?token=${encodeURIComponent(token)}`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      for (const channel of this.listeners.keys()) this.send({ type: 'subscribe', channel });
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.listeners.size === 0) return;
      this.retry = setTimeout(() => {
        this.retry = undefined;
        this.connect();
      }, RECONNECT_MS);
    };
  }

  private receive(raw: unknown) {
    if (typeof raw !== 'string') return;
    let frame: Incoming & { messages?: Incoming[] };
    try {
      frame = JSON.parse(raw) as typeof frame;
    } catch {
      return;
    }
    // Messages sent in the same moment come as one batch frame (the server's outbox).
    const messages =
      frame.type === 'batch' && Array.isArray(frame.messages) ? frame.messages : [frame];
    for (const message of messages) this.dispatch(message);
  }

  private dispatch(message: Incoming) {
    if (message.type === 'error' && message.channel) {
      for (const hooks of this.hooks.get(message.channel) ?? []) {
        hooks.onError?.(message.message ?? 'Channel error');
      }
      return;
    }
    if (message.type === 'subscribed' && message.channel) {
      for (const hooks of this.hooks.get(message.channel) ?? []) hooks.onSubscribed?.();
      return;
    }
    if (message.type !== 'message' || !message.channel || !message.event) return;
    const full = { channel: message.channel, event: message.event, data: message.data };
    for (const listener of this.listeners.get(message.channel) ?? []) listener(full);
  }

  private send(payload: object) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(payload));
  }

  private close() {
    clearTimeout(this.retry);
    this.retry = undefined;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }
}

export const realtime = new RealtimeClient();

export const positionsChannel = realtimeChannels.positions;
export const eventsChannel = realtimeChannels.events;

/** Subscribes while mounted; the listener sees every message of the channel. */
export function useRealtime(channel: string | null, listener: Listener) {
  useEffect(() => {
    if (!channel) return;
    return realtime.subscribe(channel, listener);
  }, [channel, listener]);
}

/**
 * The fields a live position must have to be placed. A plain check rather than the schema:
 * at 1,000 positions a second a full parse of each one costs frames; the server builds these
 * messages from the same domain type.
 */
function looksLikePosition(data: unknown): data is CurrentPosition {
  const p = data as Partial<CurrentPosition> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.device_id === 'number' &&
    typeof p.lat === 'number' &&
    typeof p.lng === 'number' &&
    typeof p.timestamp === 'string' &&
    typeof p.fix === 'string'
  );
}

/**
 * Moves trackers live: PositionUpdated messages of the account go to the live position store,
 * which hands them to the list rows and the map markers once per animation frame.
 */
export function useAccountPositions(accountId: number | null) {
  useEffect(() => {
    if (accountId === null) return;
    const unsubscribe = realtime.subscribe(positionsChannel(accountId), (message) => {
      if (message.event !== 'PositionUpdated') return;
      if (looksLikePosition(message.data)) livePositions.push(message.data);
    });
    return () => {
      unsubscribe();
      livePositions.clear();
    };
  }, [accountId]);
}
