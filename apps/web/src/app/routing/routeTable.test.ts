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
    expect(matches('/reports')).toBe(false);
    expect(matches('/manage/orders')).toBe(false);
  });

  it('opens /manage at the first built tab', () => {
    const match = matchRoutes(routes, '/manage');
    const index = match?.at(-1)?.route as RouteObject | undefined;
    expect(index?.index).toBe(true);
    const element = index?.element as ReactElement<{ to: string }> | undefined;
    expect(element?.props.to).toBe('users');
  });

  it('wraps guarded screens in a guard', () => {
    const match = matchRoutes(routes, '/manage/api') ?? [];
    const guards = match.filter((m) => !m.route.path && !m.route.index);
    expect(guards).toHaveLength(2);
  });

  it('knows the public pages', () => {
    expect(isPublicPath('/reset-password')).toBe(true);
    expect(isPublicPath('/shipments/track/abc')).toBe(true);
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
});

describe('public pages', () => {
  it('tells the reset link, whose token is its own, from private screens', () => {
    expect(isPublicPage('/reset-password')).toBe(true);
    expect(isPublicPage('/login')).toBe(false);
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPage('/trackers')).toBe(false);
  });
});
