import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Account } from '@waymark/domain';
import { configureClient } from '../api/client';
import { account, me } from '../test/fixtures';
import { preloadOnNavigation, preloadScreenData } from './preload';
import { sessionView } from './session/currentAccount';

/** The session of an admin of account `id`, every feature on unless `features` says. */
const adminOf = (id: number, features: Partial<Account> = {}) =>
  sessionView(
    me({
      accounts: [account({ id, has_rules_engine: true, can_track_shipments: true, ...features })],
    }),
    id,
    false,
  );

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
    preloadScreenData(queryClient, path, adminOf(5));
    await settled(queryClient);
    expect(requested).toHaveLength(1);
    expect(requested[0]).toMatch(new RegExp(`^${url}`));
  });

  it('asks for nothing on other screens or without an account', async () => {
    const { requested, queryClient } = setUp();
    preloadScreenData(queryClient, '/account', adminOf(5));
    preloadScreenData(queryClient, '/groups/12', adminOf(5));
    preloadScreenData(queryClient, '/geofences', null);
    await settled(queryClient);
    expect(requested).toEqual([]);
  });

  it('asks for nothing the account may not use (issue 35.18)', async () => {
    const { requested, queryClient } = setUp();
    const consumer = adminOf(5, {
      is_b2b_account: false,
      has_rules_engine: false,
      can_track_shipments: false,
    });
    preloadScreenData(queryClient, '/groups', consumer);
    preloadScreenData(queryClient, '/rules', consumer);
    preloadScreenData(queryClient, '/shipments', consumer);
    const viewer = sessionView(me({ accounts: [account({ id: 5, role: 'viewer' })] }), 5, false);
    preloadScreenData(queryClient, '/manage/addresses', viewer);
    await settled(queryClient);
    expect(requested).toEqual([]);
    preloadScreenData(queryClient, '/geofences', consumer);
    await settled(queryClient);
    expect(requested).toEqual(['/api/accounts/5/geofences']);
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
    preloadOnNavigation(router, queryClient, () => adminOf(9));
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
