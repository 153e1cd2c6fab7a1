import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHIPMENT_LIST_DAYS_AHEAD, SHIPMENT_LIST_DAYS_BACK } from '@waymark/domain';
import { configureClient } from './client';
import {
  defaultShipmentFilter,
  defaultShipmentWindow,
  prefetchShipments,
  shipmentsKeys,
} from './shipments';

const DAY = 86_400_000;

describe('the shipment list window', () => {
  it('runs from the start of the day 15 days back to the end of the day 15 days ahead', () => {
    const now = new Date(2026, 2, 20, 14, 37);
    const { from, to } = defaultShipmentWindow(now);
    expect(from).toEqual(new Date(2026, 2, 5));
    expect(to).toEqual(new Date(2026, 3, 4, 23, 59, 59, 999));
    expect([SHIPMENT_LIST_DAYS_BACK, SHIPMENT_LIST_DAYS_AHEAD]).toEqual([15, 15]);
  });

  it('is the same window all day long, so the preload and the screen share it', () => {
    const morning = defaultShipmentFilter('general', new Date(2026, 0, 1, 0, 5));
    const evening = defaultShipmentFilter('general', new Date(2026, 0, 1, 23, 55));
    expect(shipmentsKeys.list(4, morning)).toEqual(shipmentsKeys.list(4, evening));
    expect(evening.to.getTime() - evening.from.getTime()).toBeGreaterThan(30 * DAY);
  });
});

describe('prefetchShipments', () => {
  const requested: string[] = [];
  afterEach(() => {
    requested.length = 0;
  });
  const setUp = () => {
    configureClient({
      hooks: {
        onUnauthorized: () => undefined,
        onForbidden: () => requested.push('forbidden hook'),
        onNotFound: () => undefined,
        onServerError: () => undefined,
      },
      bearer: () => 'tok',
      fetch: ((input: RequestInfo | URL) => {
        requested.push(String(input));
        return Promise.resolve(new Response(JSON.stringify({ message: 'no' }), { status: 403 }));
      }) as typeof fetch,
    });
    return new QueryClient({ defaultOptions: { queries: { retry: false } } });
  };

  it('asks for the default window of the tab the app opens on, and nothing elsewhere', async () => {
    const client = setUp();
    const now = new Date(2026, 2, 20, 9);
    prefetchShipments(client, '/archived-shipments', 7, now);
    prefetchShipments(client, '/shipments/12', 7, now);
    prefetchShipments(client, '/trackers', 7, now);
    prefetchShipments(client, '/shipments', null, now);
    // The other paths return at once; the one request is made when the query starts.
    await vi.waitFor(() => expect(client.getQueryCache().getAll()[0]?.state.status).toBe('error'));
    expect(requested).toHaveLength(1);
    expect(requested[0]).toContain('/api/accounts/7/shipments?key=archived&date_from=');
    // An account without shipments is the guard's to redirect: no /403 from the preload.
    expect(requested).not.toContain('forbidden hook');
  });
});
