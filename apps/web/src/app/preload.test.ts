import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { configureClient } from '../api/client';
import { preloadOnNavigation, preloadScreenData } from './preload';

/** A client whose fetch records each URL asked for and answers an empty list. */
function setUp() {
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
      requested.push(new URL(String(input), 'http://app.test').pathname);
      return Promise.resolve(new Response(JSON.stringify({ data: [], meta: {} })));
    }) as typeof fetch,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { requested, queryClient };
}

const settled = (queryClient: QueryClient) =>
  vi.waitFor(() =>
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .every((q) => q.state.status !== 'pending'),
    ).toBe(true),
  );

describe('preloadScreenData (spec 002 §2.2)', () => {
  it.each([
    ['/trackers', '/api/accounts/5/device-list'],
    ['/groups', '/api/accounts/5/groups'],
    ['/geofences', '/api/accounts/5/geofences'],
    ['/shipments', '/api/accounts/5/shipments'],
    ['/rules', '/api/rules-engine'],
    ['/reports', '/api/accounts/5/reports'],
    ['/manage/addresses', '/api/accounts/5/addresses'],
  ])('asks for the data of %s only', async (path, url) => {
    const { requested, queryClient } = setUp();
    preloadScreenData(queryClient, path, 5);
    await settled(queryClient);
    expect(requested).toHaveLength(1);
    expect(requested[0]).toMatch(new RegExp(`^${url}`));
  });

  it('asks for nothing on other screens or without an account', async () => {
    const { requested, queryClient } = setUp();
    preloadScreenData(queryClient, '/account', 5);
    preloadScreenData(queryClient, '/groups/12', 5);
    preloadScreenData(queryClient, '/geofences', null);
    await settled(queryClient);
    expect(requested).toEqual([]);
  });
});

describe('preloadOnNavigation', () => {
  it('preloads the target as each navigation starts, once per path', async () => {
    const { requested, queryClient } = setUp();
    let listener: Parameters<Parameters<typeof preloadOnNavigation>[0]['subscribe']>[0] = () => {};
    const router = {
      state: { location: { pathname: '/trackers', search: '' } },
      subscribe: (next: typeof listener) => {
        listener = next;
        return () => undefined;
      },
    };
    preloadOnNavigation(
      router,
      queryClient,
      () => 9,
      () => true,
    );
    const at = (pathname: string) => ({ pathname, search: '' });
    // Loading /geofences (its code still arriving), then arrived: one request.
    listener({ location: at('/trackers'), navigation: { location: at('/geofences') } });
    listener({ location: at('/geofences'), navigation: {} });
    listener({ location: at('/geofences'), navigation: {} });
    listener({ location: at('/groups'), navigation: {} });
    await settled(queryClient);
    expect(requested.map((url) => url.replace(/\?.*$/, ''))).toEqual([
      '/api/accounts/9/geofences',
      '/api/accounts/9/groups',
    ]);
  });
});
