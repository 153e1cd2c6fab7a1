import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';
import type { AccountFeatureSource, Role } from '../account/account.schema';
import { accountFeatures } from '../account/account.rules';

/** Actions used by the spec's `can(action, subject)` checks. `manage` implies every other. */
export type Action = 'manage' | 'view' | 'use' | 'update';

/** Subjects named by the spec (000 §6, 001 §6, 002 §6). */
export type Subject =
  | 'Account'
  | 'Users'
  | 'Groups'
  | 'Geofences'
  | 'Anchors'
  | 'Dashboard'
  | 'CustomReport'
  | 'Ai'
  | 'AiModel'
  | 'Devices'
  | 'Shipments'
  | 'Rules'
  | 'Reports'
  /** The device setup guide: the host, port and commands that point a unit at this server. */
  | 'DeviceSetup';

export type AppAbility = MongoAbility<[Action, Subject]>;

export interface AbilityContext {
  /** The user's role in the account being used; undefined for a platform admin outside it. */
  role: Role | undefined;
  account: AccountFeatureSource;
  isPlatformAdmin: boolean;
  /** True while a platform admin acts as another user. */
  isImitating: boolean;
}

/**
 * The one place that turns role, account flags and the platform-admin flag into abilities.
 * Server routes and web elements both ask the ability this builds.
 */
export function defineAbilityFor(context: AbilityContext): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  const { role } = context;
  const features = accountFeatures(context.account);
  const isAdmin = role === 'admin';
  const isAdminOrManager = role === 'admin' || role === 'manager';
  const isNotViewer = role !== undefined && role !== 'viewer';

  if (isAdmin) {
    can('manage', ['Geofences', 'Account', 'Groups']);
    if (features.canUseBleFeature) can('view', 'Anchors');
    if (features.aiAvailable) can('use', 'Ai');
  }
  if (isAdminOrManager) {
    if (features.hasDashboards) can('view', 'Dashboard');
    if (features.canUseBleFeature) can('view', 'Anchors');
    can('manage', ['Users', 'Reports', 'Geofences']);
    // Spec 002 §6: "The admin-role check covers Admin and Manager"; the guide is for those who
    // set trackers up (issue 41), as the platform admin's Utilities are.
    can('view', 'DeviceSetup');
  }
  if (isNotViewer) {
    can('manage', ['Shipments', 'Devices', 'Rules']);
    if (features.canUseBleFeature) can('manage', 'Anchors');
  }
  // Spec 001 §6: a Power User "creates and manages alerts and reports" (002 §6 lists Reports
  // under Admin and Manager only; the role's own description grants it too).
  if (role === 'user') can('manage', 'Reports');
  if (features.embedsCustomReport) can('view', 'CustomReport');
  if (context.isPlatformAdmin) can('view', 'DeviceSetup');
  if (context.isPlatformAdmin || context.isImitating) can('manage', 'AiModel');

  return build();
}
