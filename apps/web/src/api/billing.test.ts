import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchAddresses } from './billing';
import { configureClient } from './client';

describe('prefetchAddresses', () => {
  const requested: string[] = [];
  afterEach(() => {
    requested.length = 0;
  });

  it('asks for the addresses when the app opens on the Addresses tab, quietly', async () => {
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
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchAddresses(client, '/manage/addresses', 7);
    prefetchAddresses(client, '/manage/orders', 7);
    prefetchAddresses(client, '/manage/addresses', null);
    await vi.waitFor(() => expect(client.getQueryCache().getAll()[0]?.state.status).toBe('error'));
    expect(requested).toEqual(['/api/accounts/7/addresses']);
  });
});
