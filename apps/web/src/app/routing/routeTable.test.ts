import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { buildRoutes } from './buildRoutes';
import { fillParams, LEGACY_REDIRECTS } from './legacyRedirects';
import { isPublicPage, isPublicPath } from './publicPaths';
import { PRIVATE_ROUTES } from './routeTable';

const routes = buildRoutes(PRIVATE_ROUTES);
const matches = (path: string) => matchRoutes(routes, path) !== null;

describe('route table', () => {
  it('mounts built screens only, so unbuilt paths fall through to 404', () => {
    expect(matches('/trackers')).toBe(true);
    expect(matches('/account')).toBe(true);
    expect(matches('/manage/users')).toBe(true);
    expect(matches('/geofences')).toBe(true);
    expect(matches('/alerts')).toBe(true);
    expect(matches('/dashboards/dwell')).toBe(true);
    expect(matches('/reports')).toBe(true);
    expect(matches('/reports/12')).toBe(true);
    expect(matches('/utility')).toBe(true);
    expect(matches('/no-such-screen')).toBe(false);
    expect(matches('/manage/orders')).toBe(true);
    expect(matches('/manage/orders/7')).toBe(true);
    expect(matches('/manage/subscriptions/7')).toBe(true);
  });

  it('opens /manage at Subscriptions', () => {
    const match = matchRoutes(routes, '/manage');
    const index = match?.at(-1)?.route as RouteObject | undefined;
    expect(index?.index).toBe(true);
    const element = index?.element as ReactElement<{ to: string }> | undefined;
    expect(element?.props.to).toBe('subscriptions');
  });

  it('wraps guarded screens in a guard', () => {
    const match = matchRoutes(routes, '/manage/api') ?? [];
    const guards = match.filter((m) => !m.route.path && !m.route.index);
    expect(guards).toHaveLength(2);
  });

  it('knows the public pages', () => {
    expect(isPublicPath('/reset-password')).toBe(true);
    expect(isPublicPath('/shipments/track/abc')).toBe(true);
    expect(isPublicPath('/reports/view/abc')).toBe(true);
    expect(isPublicPath('/approve-order/abc')).toBe(true);
    expect(isPublicPath('/approve-order-success')).toBe(true);
    expect(isPublicPath('/payment-success')).toBe(true);
    expect(isPublicPath('/reports/12')).toBe(false);
    expect(isPublicPath('/shipments/12')).toBe(false);
  });
});

describe('legacy redirects', () => {
  it('carry the id to the current screen', () => {
    const target = LEGACY_REDIRECTS.find(([from]) => from === '/dashboard/devices/:id')?.[1];
    expect(fillParams(target ?? '', { id: '42' })).toBe('/trackers/42');
    expect(LEGACY_REDIRECTS).toContainEqual(['/dashboard/geofences/new', '/geofences/create']);
    expect(LEGACY_REDIRECTS).toContainEqual(['/dashboard/users', '/manage/users']);
  });

  it('cover every legacy path of spec 000 §2.1 and their parents, each landing on a built screen', () => {
    const spec = [
      '/dashboard/devices',
      '/dashboard/devices/:id',
      '/dashboard/geofences',
      '/dashboard/geofences/:id',
      '/dashboard/geofences/new',
      '/dashboard/shipments',
      '/dashboard/shipments/:id',
      '/dashboard/shipments/new',
      '/dashboard/alerts',
      '/dashboard/reports',
      '/dashboard/rules',
      '/dashboard/account',
      '/dashboard/users',
      '/my-account/orders',
      '/my-account/subscriptions',
    ];
    // Issue 35.17: the bare parents too.
    const parents = ['/dashboard', '/my-account'];
    expect(LEGACY_REDIRECTS.map(([from]) => from).sort()).toEqual([...spec, ...parents].sort());
    for (const [, to] of LEGACY_REDIRECTS) {
      const target = fillParams(to, { id: '42' });
      expect(matches(target), `${target} is mounted`).toBe(true);
    }
  });
});

describe('public pages', () => {
  it('tells the reset link, whose token is its own, from private screens', () => {
    expect(isPublicPage('/reset-password')).toBe(true);
    expect(isPublicPage('/login')).toBe(false);
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPage('/trackers')).toBe(false);
  });
});
