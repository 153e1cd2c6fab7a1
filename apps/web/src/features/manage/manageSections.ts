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
  {
    path: 'subscriptions',
    label: 'Subscriptions',
    screen: () =>
      import('../billing/subscriptions/SubscriptionListPage').then((m) => m.SubscriptionListPage),
  },
  {
    path: 'users',
    label: 'User Access',
    screen: () => import('./UsersPage').then((m) => m.UsersPage),
  },
  {
    path: 'orders',
    label: 'Order History',
    screen: () => import('../billing/orders/OrderListPage').then((m) => m.OrderListPage),
  },
  {
    path: 'addresses',
    label: 'Addresses',
    screen: () => import('../billing/addresses/AddressesPage').then((m) => m.AddressesPage),
  },
  {
    path: 'payment',
    label: 'Payment Methods',
    screen: () =>
      import('../billing/payment-methods/PaymentMethodsPage').then((m) => m.PaymentMethodsPage),
  },
  {
    path: 'api',
    label: 'API Access',
    guard: { flag: 'hasApiAccess' },
    screen: () => import('./ApiAccessPage').then((m) => m.ApiAccessPage),
  },
];

export const builtManageSections = () => MANAGE_SECTIONS.filter((s) => s.screen);
