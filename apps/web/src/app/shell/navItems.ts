import type { AppConfig } from '@waymark/domain';
import { allows, type AccessRule } from '../session/access';
import type { SessionView } from '../session/currentAccount';

export interface NavItem {
  label: string;
  /** In-app path; the item shows only once the route table mounts a screen there. */
  to?: string;
  /** External address, for links that leave the app. */
  href?: (config: AppConfig) => string;
  rule?: AccessRule;
  /** The mobile menu's own rule when it differs (spec 000 §2.2). */
  mobileRule?: AccessRule;
}

/** Used when GET /config names no help page. */
export const DEFAULT_HELP_URL = 'https://help.waymark.app';

/** The top navigation of spec 000 §2.2, in order. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Trackers', to: '/trackers' },
  { label: 'Geofences', to: '/geofences' },
  { label: 'Dashboards', to: '/dashboards', rule: { can: ['view', 'Dashboard'] } },
  {
    label: 'Shipments',
    to: '/shipments',
    rule: { flag: 'canTrackShipments', can: ['manage', 'Shipments'] },
    mobileRule: { flag: 'canTrackShipments' },
  },
  { label: 'Alerts', to: '/alerts' },
  { label: 'Reports', to: '/reports' },
  { label: 'Rules', to: '/rules', rule: { flag: 'hasRulesEngine', can: ['manage', 'Rules'] } },
  {
    label: 'Manage',
    to: '/manage',
    rule: { can: ['manage', 'Account'] },
    mobileRule: { can: ['manage', 'Account'], roles: ['admin', 'manager'] },
  },
  // Not in the spec's list: platform admins need a way to the accounts they can open.
  { label: 'Accounts', to: '/admin/accounts', rule: { platformAdmin: true } },
  { label: 'Devices', to: '/admin/devices', rule: { platformAdmin: true } },
  { label: 'Users', to: '/admin/users', rule: { platformAdmin: true } },
  { label: 'Outbox', to: '/admin/outbox', rule: { platformAdmin: true } },
  { label: 'Audit Log', to: '/admin/audit-log', rule: { platformAdmin: true } },
  { label: 'Utilities', to: '/utility', rule: { platformAdmin: true } },
  { label: 'Survey', to: '/admin/survey', rule: { platformAdmin: true } },
  { label: 'Get Help', href: (config) => config.help_url || DEFAULT_HELP_URL },
];

export interface NavContext {
  mobile: boolean;
  /** Whether a screen is mounted at an in-app path. */
  isBuilt: (path: string) => boolean;
  /** Whether the screen at an in-app path works with no current account; none do if absent. */
  worksWithoutAccount?: (path: string) => boolean;
}

export function visibleNavItems(
  items: readonly NavItem[],
  view: SessionView,
  { mobile, isBuilt, worksWithoutAccount }: NavContext,
): NavItem[] {
  return items.filter((item) => {
    if (item.to && !isBuilt(item.to)) return false;
    // A platform admin with no account open: its screens would only say so.
    if (item.to && !view.account && !worksWithoutAccount?.(item.to)) return false;
    const rule = (mobile ? item.mobileRule : undefined) ?? item.rule;
    return rule ? allows(rule, view) : true;
  });
}
