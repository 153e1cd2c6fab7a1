import type { QueryClient } from '@tanstack/react-query';
import { prefetchAddresses } from '../api/billing';
import { prefetchDeviceList } from '../api/devices';
import { prefetchGeofences } from '../api/geofences';
import { prefetchGroups } from '../api/groups';
import { prefetchReports } from '../api/reports';
import { prefetchRules } from '../api/rules';
import { prefetchShipments } from '../api/shipments';
import { mayOpen } from './routing/mayOpen';
import type { SessionView } from './session/currentAccount';

type Preload = (queryClient: QueryClient, path: string, accountId: number | null) => void;

/**
 * Spec 002 §2.2: on opening the app and on every navigation, the target screen's data is
 * asked for while its code loads: trackers, groups, geofences, shipments (15 days back to 15
 * ahead), rules, reports and addresses. Each preload answers only its own screen's path and
 * is quiet on failure; the screen's hook picks up the same query. Only a screen the session may
 * open is preloaded (its route guards): a consumer account is not asked for groups it cannot
 * have, which the server would refuse with a 403 (issue 35.18).
 */
const PRELOADS: readonly Preload[] = [
  prefetchDeviceList,
  prefetchGroups,
  prefetchGeofences,
  prefetchShipments,
  prefetchRules,
  prefetchReports,
  prefetchAddresses,
];

export function preloadScreenData(
  queryClient: QueryClient,
  path: string,
  view: SessionView | null,
): void {
  const accountId = view?.account?.id ?? null;
  if (accountId === null || !mayOpen(path, view)) return;
  for (const preload of PRELOADS) preload(queryClient, path, accountId);
}

interface Place {
  pathname: string;
  search: string;
}

/** What preloadOnNavigation needs of the router: its state as navigations start and end. */
interface Navigations {
  state: { location: Place };
  subscribe(
    listener: (state: { location: Place; navigation: { location?: Place } }) => void,
  ): () => void;
}

/**
 * Preloads the data of each screen the router moves to, as the navigation starts (before
 * the screen's code has loaded). Start-up preloaded the first one.
 */
export function preloadOnNavigation(
  router: Navigations,
  queryClient: QueryClient,
  currentView: () => SessionView | null,
): () => void {
  const pathOf = (place: Place) => place.pathname + place.search;
  let last = pathOf(router.state.location);
  return router.subscribe((state) => {
    const path = pathOf(state.navigation.location ?? state.location);
    if (path === last) return;
    last = path;
    preloadScreenData(queryClient, path, currentView());
  });
}
