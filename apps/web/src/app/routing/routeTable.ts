import { MANAGE_SECTIONS } from '../../features/manage/manageSections';
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
  {
    path: 'create-account',
    name: 'CreateAccountView',
    screen: () => import('../../features/auth/CreateAccountPage').then((m) => m.CreateAccountPage),
  },
  {
    path: 'payment-success',
    name: 'PaymentSuccessView',
    screen: () =>
      import('../../features/billing/public/PaymentSuccessPage').then((m) => m.PaymentSuccessPage),
  },
  {
    path: 'approve-order/:uuid',
    screen: () =>
      import('../../features/billing/public/ApproveOrderPage').then((m) => m.ApproveOrderPage),
  },
  {
    path: 'approve-order-success',
    screen: () =>
      import('../../features/billing/public/ApproveOrderSuccessPage').then(
        (m) => m.ApproveOrderSuccessPage,
      ),
  },
  {
    path: 'shipments/track/:uuid',
    screen: () =>
      import('../../features/shipments/track/PublicShipmentPage').then((m) => m.PublicShipmentPage),
  },
  {
    path: 'reports/view/:uuid',
    screen: () => import('../../features/reports/PublicReportPage').then((m) => m.PublicReportPage),
  },
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
  {
    path: 'reports',
    name: 'ReportListView',
    screen: () => import('../../features/reports/ReportListPage').then((m) => m.ReportListPage),
  },
  {
    path: 'reports/fleet',
    name: 'FleetReportsView',
    screen: () =>
      import('../../features/reports/fleet/FleetReportsPage').then((m) => m.FleetReportsPage),
  },
  {
    path: 'reports/:id',
    name: 'ReportDetailsView',
    screen: () =>
      import('../../features/reports/ReportDetailsPage').then((m) => m.ReportDetailsPage),
  },
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
      { index: true, redirect: 'subscriptions' },
      ...MANAGE_SECTIONS.map(({ path, guard, screen }) => ({ path, guard, screen })),
      {
        path: 'subscriptions/:id',
        screen: () =>
          import('../../features/billing/subscriptions/SubscriptionDetailsPage').then(
            (m) => m.SubscriptionDetailsPage,
          ),
      },
      {
        path: 'orders/:id',
        screen: () =>
          import('../../features/billing/orders/OrderDetailsPage').then((m) => m.OrderDetailsPage),
      },
    ],
  },
  {
    path: 'account',
    name: 'AccountSettingsView',
    withoutAccount: true,
    screen: () =>
      import('../../features/account/AccountSettingsPage').then((m) => m.AccountSettingsPage),
  },
  {
    path: 'utility',
    name: 'UtilityView',
    guard: { platformAdmin: true },
    withoutAccount: true,
    screen: () => import('../../features/utilities/UtilityPage').then((m) => m.UtilityPage),
  },
  // Not in the spec: the device setup guide (issue 41) for account admins and platform admins,
  // reached from the trackers list and the Utilities page.
  {
    path: 'device-setup',
    name: 'DeviceSetupView',
    guard: { can: ['view', 'DeviceSetup'] },
    withoutAccount: true,
    screen: () =>
      import('../../features/device-setup/DeviceSetupPage').then((m) => m.DeviceSetupPage),
  },
  // Not in spec 002 §2.1: where a platform admin finds the accounts they may look into.
  {
    path: 'admin/accounts',
    name: 'AdminAccountsView',
    guard: { platformAdmin: true },
    withoutAccount: true,
    screen: () => import('../../features/admin/AdminAccountsPage').then((m) => m.AdminAccountsPage),
  },
  // Not in spec 002 §2.1: where a platform admin finds any account's tracker (its admin
  // details) and the serials that report without one, to provision them (issue 23).
  {
    path: 'admin/devices',
    name: 'AdminDevicesView',
    guard: { platformAdmin: true },
    withoutAccount: true,
    screen: () => import('../../features/admin/AdminDevicesPage').then((m) => m.AdminDevicesPage),
  },
  // Not in the spec: where a platform admin finds a user to imitate (spec 002 §6).
  {
    path: 'admin/users',
    name: 'AdminUsersView',
    guard: { platformAdmin: true },
    withoutAccount: true,
    screen: () => import('../../features/admin/AdminUsersPage').then((m) => m.AdminUsersPage),
  },
  // Not in the spec: the writes platform admins made, own and while imitating (issue 23).
  {
    path: 'admin/audit-log',
    name: 'AuditLogView',
    guard: { platformAdmin: true },
    withoutAccount: true,
    screen: () => import('../../features/admin/AuditLogPage').then((m) => m.AuditLogPage),
  },
  // Not in the spec: the satisfaction survey's answers (spec 002 §2.11; issue 23).
  {
    path: 'admin/survey',
    name: 'SurveyResponsesView',
    guard: { platformAdmin: true },
    withoutAccount: true,
    screen: () =>
      import('../../features/admin/SurveyResponsesPage').then((m) => m.SurveyResponsesPage),
  },
  // Not in the spec either: the one outbox, every message Waymark sends and where it stands.
  {
    path: 'admin/outbox',
    name: 'AdminOutboxView',
    guard: { platformAdmin: true },
    withoutAccount: true,
    screen: () => import('../../features/admin/OutboxPage').then((m) => m.OutboxPage),
  },
];
