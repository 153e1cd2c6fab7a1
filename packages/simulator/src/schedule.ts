/**
 * When each tracker reports next: a binary min-heap of (due time, device index) that one timer
 * loop drains, so 100 000 trackers cost one timer, not 100 000. Pure.
 */
export class DueQueue {
  private readonly at: number[] = [];
  private readonly index: number[] = [];

  get size(): number {
    return this.at.length;
  }

  push(device: number, dueAt: number): void {
    this.at.push(dueAt);
    this.index.push(device);
    this.up(this.at.length - 1);
  }

  /** The earliest due time, or undefined when empty. */
  peek(): number | undefined {
    return this.at[0];
  }

  /** Removes and returns the devices due at or before `now`, earliest first, with their due times. */
  popDue(now: number): { device: number; dueAt: number }[] {
    const due: { device: number; dueAt: number }[] = [];
    while (this.at.length > 0 && this.at[0]! <= now) {
      due.push({ device: this.index[0]!, dueAt: this.at[0]! });
      const lastAt = this.at.pop()!;
      const lastIndex = this.index.pop()!;
      if (this.at.length > 0) {
        this.at[0] = lastAt;
        this.index[0] = lastIndex;
        this.down(0);
      }
    }
    return due;
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.at[parent]! <= this.at[i]!) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    const n = this.at.length;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < n && this.at[left]! < this.at[smallest]!) smallest = left;
      if (right < n && this.at[right]! < this.at[smallest]!) smallest = right;
      if (smallest === i) return;
      this.swap(i, smallest);
      i = smallest;
    }
  }

  private swap(a: number, b: number): void {
    [this.at[a], this.at[b]] = [this.at[b]!, this.at[a]!];
    [this.index[a], this.index[b]] = [this.index[b]!, this.index[a]!];
  }
}

/** Spreads first reports evenly over one interval so a fleet does not report in lockstep. */
export function firstDue(index: number, count: number, intervalMs: number, start: number): number {
  return start + Math.floor((index / Math.max(1, count)) * intervalMs);
}

/**
 * The next due time after a report that was due at `dueAt` and ran at `now`: keeps the cadence,
 * but a device more than an interval behind (a stalled event loop) skips ahead instead of
 * bursting to catch up.
 */
export function nextDue(dueAt: number, now: number, intervalMs: number): number {
  const next = dueAt + intervalMs;
  return next <= now - intervalMs ? now + intervalMs : next;
}

/** `--rate` reports per second per device to an interval; 1/30 by default (every 30 s). */
export function intervalForRate(rate: number): number {
  if (!Number.isFinite(rate) || rate <= 0 || rate > 100) {
    throw new Error(
      `--rate must be reports per second per device, above 0 and up to 100, got ${rate}`,
    );
  }
  return Math.max(10, Math.round(1000 / rate));
}

/** Backoff before reconnect attempt n (1, 2, ...): 1 s doubling to 60 s, with ±20 % jitter. */
export function reconnectDelay(attempt: number, jitter: number): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * jitter));
}
