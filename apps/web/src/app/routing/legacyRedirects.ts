/**
 * Old addresses and the screens they now live at (spec 000 §2.1); `:id` carries over. The
 * bare parents of the old areas go to the screens of their children: the tracker list, Manage.
 */
export const LEGACY_REDIRECTS: ReadonlyArray<readonly [from: string, to: string]> = [
  ['/dashboard', '/trackers'],
  ['/dashboard/devices', '/trackers'],
  ['/dashboard/devices/:id', '/trackers/:id'],
  ['/dashboard/geofences', '/geofences'],
  ['/dashboard/geofences/new', '/geofences/create'],
  ['/dashboard/geofences/:id', '/geofences/:id'],
  ['/dashboard/shipments', '/shipments'],
  ['/dashboard/shipments/new', '/shipments/create'],
  ['/dashboard/shipments/:id', '/shipments/:id'],
  ['/dashboard/alerts', '/alerts'],
  ['/dashboard/reports', '/reports'],
  ['/dashboard/rules', '/rules'],
  ['/dashboard/account', '/account'],
  ['/dashboard/users', '/manage/users'],
  ['/my-account', '/manage'],
  ['/my-account/orders', '/manage/orders'],
  ['/my-account/subscriptions', '/manage/subscriptions'],
];

/** Fills `:param` placeholders of a target path from the matched parameters. */
export function fillParams(target: string, params: Record<string, string | undefined>): string {
  return target.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}
