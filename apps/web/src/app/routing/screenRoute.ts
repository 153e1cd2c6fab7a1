import type { ComponentType } from 'react';
import type { RouteGuard } from './guards';

/** Loads a screen on demand so each screen is its own chunk. */
export type ScreenLoader = () => Promise<ComponentType>;

/**
 * One entry of the route table (spec 002 §2.1). An entry without `screen`, `redirect` or
 * children that have one is not mounted yet: its path then falls through to /404 until the
 * issue that builds the screen adds the loader.
 */
export interface ScreenRoute {
  path?: string;
  index?: boolean;
  /** The screen's name in the spec, e.g. DeviceListView. */
  name?: string;
  guard?: RouteGuard;
  /**
   * The screen needs no current account (a platform admin may have none open). Every other
   * private screen shows NoAccountPage then, instead of waiting for an account forever.
   */
  withoutAccount?: boolean;
  screen?: ScreenLoader;
  /** Relative or absolute path to go to instead (index redirects). */
  redirect?: string;
  children?: ScreenRoute[];
}

/** Mounted: has a screen, or a child that is (redirects alone mount nothing). */
export function isMounted(route: ScreenRoute): boolean {
  return Boolean(route.screen || route.children?.some((c) => !c.redirect && isMounted(c)));
}
