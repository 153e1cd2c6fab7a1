import type { RouteGuard } from '../../app/routing/guards';
import type { ScreenLoader } from '../../app/routing/screenRoute';

/** A tab of the Manage area (spec 002 §2.3); only sections with a screen are shown. */
export interface ManageSection {
  path: string;
  label: string;
  guard?: RouteGuard;
  screen?: ScreenLoader;
}

/** In the spec's tab order; /manage opens the first one that is built. */
export const MANAGE_SECTIONS: ManageSection[] = [
  { path: 'subscriptions', label: 'Subscriptions' },
  {
    path: 'users',
    label: 'User Access',
    screen: () => import('./UsersPage').then((m) => m.UsersPage),
  },
  { path: 'orders', label: 'Order History' },
  { path: 'addresses', label: 'Addresses' },
  { path: 'payment', label: 'Payment Methods' },
  {
    path: 'api',
    label: 'API Access',
    guard: { flag: 'hasApiAccess' },
    screen: () => import('./ApiAccessPage').then((m) => m.ApiAccessPage),
  },
];

export const builtManageSections = () => MANAGE_SECTIONS.filter((s) => s.screen);
