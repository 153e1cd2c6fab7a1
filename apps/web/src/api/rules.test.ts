import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { configureClient } from './client';
import { prefetchRules } from './rules';

describe('prefetchRules', () => {
  it('asks for the list when the app opens on /rules, quietly, and nothing elsewhere', async () => {
    const requested: string[] = [];
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
    prefetchRules(client, '/rules', 7);
    prefetchRules(client, '/rules/create', 7);
    prefetchRules(client, '/trackers', 7);
    prefetchRules(client, '/rules', null);
    await vi.waitFor(() => expect(client.getQueryCache().getAll()[0]?.state.status).toBe('error'));
    // An account without rules is the guard's to redirect: no /403 from the preload.
    expect(requested).toEqual(['/api/rules-engine?account_id=7']);
  });
});
