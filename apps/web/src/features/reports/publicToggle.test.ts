import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLatestSender, PUBLIC_TOGGLE_DELAY_MS } from './publicToggle';

describe('the public toggle sender', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setUp = (server: boolean) => {
    const sent: boolean[] = [];
    const sender = createLatestSender(
      PUBLIC_TOGGLE_DELAY_MS,
      () => server,
      (value) => sent.push(value),
    );
    return { sent, sender };
  };

  it('sends the change 600 ms after the toggle, not before', () => {
    const { sent, sender } = setUp(false);
    sender.push(true);
    vi.advanceTimersByTime(599);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([true]);
    expect(PUBLIC_TOGGLE_DELAY_MS).toBe(600);
  });

  it('sends only the last of quick toggles, 600 ms after the last one', () => {
    const { sent, sender } = setUp(false);
    sender.push(true);
    vi.advanceTimersByTime(400);
    sender.push(false);
    vi.advanceTimersByTime(400);
    sender.push(true);
    vi.advanceTimersByTime(599);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([true]);
  });

  it('sends nothing when the toggles end where the server is', () => {
    const { sent, sender } = setUp(true);
    sender.push(false);
    vi.advanceTimersByTime(100);
    sender.push(true);
    vi.advanceTimersByTime(2_000);
    expect(sent).toEqual([]);
  });

  it('sends nothing once cancelled (the row went away)', () => {
    const { sent, sender } = setUp(false);
    sender.push(true);
    sender.cancel();
    vi.advanceTimersByTime(2_000);
    expect(sent).toEqual([]);
  });
});
