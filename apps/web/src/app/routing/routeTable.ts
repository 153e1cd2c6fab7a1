import { builtManageSections, MANAGE_SECTIONS } from '../../features/manage/manageSections';
import type { ScreenRoute } from './screenRoute';

/**
 * Screens reachable without logging in (spec 002 §2.1, §2.2). They render without the shell.
 */
export const PUBLIC_ROUTES: ScreenRoute[] = [
  {
    path: 'forgot',
    name: 'PasswordForgotView',
    screen: () =>
      import('../../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
  },
  {
    path: 'reset-password',
    name: 'PasswordResetView',
    screen: () => import('../../features/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage),
  },
  { path: 'create-account', name: 'CreateAccountView' },
  { path: 'payment-success', name: 'PaymentSuccessView' },
  { path: 'approve-order/:uuid' },
  { path: 'approve-order-success' },
  {
    path: 'shipments/track/:uuid',
    screen: () =>
      import('../../features/shipments/track/PublicShipmentPage').then((m) => m.PublicShipmentPage),
  },
  { path: 'reports/view/:uuid' },
  {
    path: '403',
    screen: () => import('../../features/errors/ForbiddenPage').then((m) => m.ForbiddenPage),
  },
  {
    path: '404',
    screen: () => import('../../features/errors/NotFoundPage').then((m) => m.NotFoundPage),
  },
];

const deviceDetails = () =>
  import('../../features/trackers/details/DeviceDetailsPage').then((m) => m.DeviceDetailsPage);
const shipments = { flag: 'canTrackShipments' } as const;
const shipmentList = () =>
  import('../../features/shipments/ShipmentListPage').then((m) => m.ShipmentListPage);
const rules = { flag: 'hasRulesEngine' } as const;
const manageRules = { ...rules, can: ['manage', 'Rules'], otherwise: '/rules' } as const;
const ruleForm = () => import('../../features/rules/RuleFormPage');
const manageGeofences = { can: ['manage', 'Geofences'], otherwise: '/geofences' } as const;
const manageShipments = {
  ...shipments,
  can: ['manage', 'Shipments'],
  otherwise: '/shipments',
} as const;
const shipmentForm = () => import('../../features/shipments/form/ShipmentFormPage');

/** Screens behind the login, inside the navigation shell. */
export const PRIVATE_ROUTES: ScreenRoute[] = [
  {
    path: 'trackers',
    name: 'DeviceListView',
    screen: () => import('../../features/trackers/DeviceListPage').then((m) => m.DeviceListPage),
  },
  { path: 'trackers/:id', name: 'DeviceDetailsView', screen: deviceDetails },
  {
    path: 'accounts/:accountId/trackers/:id',
    name: 'GpxAdminDeviceDetailsView',
    guard: { platformAdmin: true },
    withoutAccount: true,
    screen: deviceDetails,
  },
  {
    path: 'groups',
    name: 'GroupListView',
    guard: { flag: 'isB2B' },
    screen: () => import('../../features/groups/GroupListPage').then((m) => m.GroupListPage),
  },
  {
    path: 'groups/:id',
    name: 'GroupDetailsView',
    guard: { flag: 'isB2B' },
    screen: () => import('../../features/groups/GroupDetailsPage').then((m) => m.GroupDetailsPage),
  },
  {
    path: 'geofences',
    name: 'GeofenceListView',
    screen: () =>
      import('../../features/geofences/GeofenceListPage').then((m) => m.GeofenceListPage),
  },
  {
    path: 'geofences/create',
    name: 'GeofenceCreateView',
    guard: manageGeofences,
    screen: () =>
      import('../../features/geofences/GeofenceFormPage').then((m) => m.GeofenceCreatePage),
  },
  {
    path: 'geofences/:id',
    name: 'GeofenceDetailsView',
    screen: () =>
      import('../../features/geofences/GeofenceDetailsPage').then((m) => m.GeofenceDetailsPage),
  },
  {
    path: 'geofences/:id/edit',
    name: 'GeofenceEditView',
    guard: manageGeofences,
    screen: () =>
      import('../../features/geofences/GeofenceFormPage').then((m) => m.GeofenceEditPage),
  },
  {
    path: 'anchors',
    name: 'AnchorsListView',
    guard: { can: ['view', 'Anchors'] },
    screen: () => import('../../features/anchors/AnchorsListPage').then((m) => m.AnchorsListPage),
  },
  {
    path: 'dashboards',
    guard: { can: ['view', 'Dashboard'] },
    screen: () => import('../../features/dashboards/DashboardsPage').then((m) => m.DashboardsPage),
    children: [
      { index: true, redirect: 'dwell' },
      {
        path: 'dwell',
        screen: () => import('../../features/dashboards/DwellPage').then((m) => m.DwellPage),
      },
      {
        path: 'analytics',
        guard: { can: ['view', 'CustomReport'], otherwise: '/dashboards/dwell' },
        screen: () =>
          import('../../features/dashboards/AnalyticsPage').then((m) => m.AnalyticsPage),
      },
    ],
  },
  {
    path: 'archived-shipments',
    name: 'ShipmentArchivedListView',
    guard: shipments,
    screen: shipmentList,
  },
  { path: 'shipments', name: 'ShipmentListView', guard: shipments, screen: shipmentList },
  {
    path: 'shipments/create',
    name: 'New Shipment',
    guard: manageShipments,
    screen: () => shipmentForm().then((m) => m.ShipmentCreatePage),
  },
  {
    path: 'shipments/:id',
    name: 'ShipmentDetailsView',
    guard: shipments,
    screen: () =>
      import('../../features/shipments/details/ShipmentDetailsPage').then(
        (m) => m.ShipmentDetailsPage,
      ),
  },
  {
    path: 'shipments/:id/edit',
    name: 'ShipmentEditView',
    guard: manageShipments,
    screen: () => shipmentForm().then((m) => m.ShipmentEditPage),
  },
  {
    path: 'alerts',
    screen: () => import('../../features/alerts/AlertsPage').then((m) => m.AlertsPage),
  },
  { path: 'reports' },
  { path: 'reports/:id' },
  {
    path: 'rules',
    name: 'rules.index',
    guard: rules,
    screen: () => import('../../features/rules/RuleListPage').then((m) => m.RuleListPage),
  },
  {
    path: 'rules/create',
    name: 'rules.create',
    guard: manageRules,
    screen: () => ruleForm().then((m) => m.RuleCreatePage),
  },
  {
    path: 'rules/:id',
    name: 'rules.edit',
    guard: manageRules,
    screen: () => ruleForm().then((m) => m.RuleEditPage),
  },
  {
    path: 'manage',
    guard: { can: ['manage', 'Account'] },
    screen: () => import('../../features/manage/ManagePage').then((m) => m.ManagePage),
    children: [
      // The spec opens Subscriptions; until it is built /manage opens the first built tab.
      { index: true, redirect: builtManageSections()[0]?.path ?? 'subscriptions' },
      ...MANAGE_SECTIONS.map(({ path, guard, screen }) => ({ path, guard, screen })),
      { path: 'subscriptions/:id' },
      { path: 'orders/:id' },
    ],
  },
  {
    path: 'account',
    name: 'AccountSettingsView',
    withoutAccount: true,
    screen: () =>
      import('../../features/account/AccountSettingsPage').then((m) => m.AccountSettingsPage),
  },
  { path: 'utility', name: 'UtilityView', guard: { platformAdmin: true }, withoutAccount: true },
  // Not in spec 002 §2.1: where a platform admin finds the accounts they may look into.
  {
    path: 'admin/accounts',
    name: 'AdminAccountsView',
    guard: { platformAdmin: true },
    withoutAccount: true,
    screen: () => import('../../features/admin/AdminAccountsPage').then((m) => m.AdminAccountsPage),
  },
  // Not in the spec either: the mail and SMS outboxes of an installation without SMTP or SMS.
  {
    path: 'admin/outbox',
    name: 'AdminOutboxView',
    guard: { platformAdmin: true },
    withoutAccount: true,
    screen: () => import('../../features/admin/OutboxPage').then((m) => m.OutboxPage),
  },
];
