import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createModalQueue } from './modalQueue';

describe('modal queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const names = (queue: ReturnType<typeof createModalQueue>) => queue.entries().map((e) => e.name);

  it('shows the newest modal first and uncovers the previous one on close', () => {
    const queue = createModalQueue(200);
    queue.open('order-invoice', { orderId: 5 });
    queue.open('order-payment');
    expect(names(queue)).toEqual(['order-payment', 'order-invoice']);
    queue.close();
    expect(queue.current()?.name).toBe('order-invoice');
    expect(queue.current()?.props).toEqual({ orderId: 5 });
  });

  it('re-opens an open modal only after the delay, with fresh props and key', () => {
    const queue = createModalQueue(200);
    queue.open('account-switch', { step: 1 });
    const firstKey = queue.current()?.key;
    queue.open('account-switch', { step: 2 });
    expect(queue.current()).toBeNull();
    vi.advanceTimersByTime(199);
    expect(queue.current()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(queue.current()?.props).toEqual({ step: 2 });
    expect(queue.current()?.key).not.toBe(firstKey);
  });

  it('closes a named modal under the top one and tells subscribers', () => {
    const queue = createModalQueue(200);
    const listener = vi.fn();
    const unsubscribe = queue.subscribe(listener);
    queue.open('confirmation');
    queue.open('edit-user');
    queue.close('confirmation');
    expect(names(queue)).toEqual(['edit-user']);
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    queue.closeAll();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
