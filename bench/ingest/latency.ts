import WebSocket from 'ws';

export interface LatencySummary {
  sent: number;
  /** Positions whose PositionUpdated arrived. */
  received: number;
  /** Sends skipped because that tracker's previous fix was still unacknowledged. */
  skipped: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Send rate actually achieved, positions/s. */
  rate: number;
}

/** Nearest-rank percentile of ascending values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarise(
  latencies: number[],
  counts: { sent: number; skipped: number; seconds: number },
): LatencySummary {
  const sorted = latencies.sort((a, b) => a - b);
  return {
    sent: counts.sent,
    received: sorted.length,
    skipped: counts.skipped,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    rate: counts.sent / counts.seconds,
  };
}

interface Incoming {
  type: string;
  channel?: string;
  event?: string;
  data?: { device_id?: number; timestamp?: string };
}

/**
 * A websocket subscriber of the account's positions, in the same process as the sender so
 * both ends of a latency read one clock. `onPosition` gets (device id, ISO fix time).
 */
export async function subscribePositions(
  realtime: { url: string; token: string; channel: string },
  onPosition: (deviceId: number, timestamp: string) => void,
): Promise<WebSocket> {
  const socket = new WebSocket(realtime.url, {
    headers: { authorization: `Bearer ${realtime.token}` },
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const subscribed = new Promise<void>((resolve, reject) => {
    socket.on('message', (raw: WebSocket.RawData) => {
      const frame = JSON.parse(raw.toString()) as Incoming & { messages?: Incoming[] };
      // Messages sent in the same moment come as one batch frame.
      for (const message of frame.type === 'batch' ? frame.messages! : [frame]) {
        if (message.type === 'message' && message.event === 'PositionUpdated') {
          const { device_id, timestamp } = message.data ?? {};
          if (device_id !== undefined && timestamp) onPosition(device_id, timestamp);
        } else if (message.type === 'subscribed') resolve();
        else if (message.type === 'error')
          reject(new Error(`subscribe refused: ${raw.toString()}`));
      }
    });
  });
  // The server attaches its message handler only after it has looked the token up, so a
  // subscribe sent right after 'open' can be lost (seen on PostgreSQL): ask again until answered.
  const subscribe = () =>
    socket.send(JSON.stringify({ type: 'subscribe', channel: realtime.channel }));
  subscribe();
  const retry = setInterval(subscribe, 250);
  try {
    await subscribed;
  } finally {
    clearInterval(retry);
  }
  return socket;
}
