import type { AccountFeatureSource, AccountSettingCode } from './account.schema';

/** Raw value of an account setting, or undefined when the account does not have it. */
export function settingValue(
  account: Pick<AccountFeatureSource, 'settings'>,
  code: AccountSettingCode,
): string | undefined {
  return account.settings.find((s) => s.code === code)?.value ?? undefined;
}

/** Settings are stored as strings; '1' and 'true' switch a flag on. */
export function settingEnabled(
  account: Pick<AccountFeatureSource, 'settings'>,
  code: AccountSettingCode,
): boolean {
  const value = settingValue(account, code)?.trim().toLowerCase();
  return value === '1' || value === 'true';
}

/** Feature switches of an account, derived once so every screen reads the same answer. */
export function accountFeatures(account: AccountFeatureSource) {
  return {
    isB2B: account.is_b2b_account,
    hasApiAccess: account.has_api_access,
    hasRulesEngine: account.has_rules_engine,
    canTrackShipments: account.can_track_shipments,
    canSeeCancelledDevices: settingEnabled(account, 'show_cancelled_devices'),
    canUseBleFeature: settingEnabled(account, 'ble_tags'),
    hasDashboards: settingEnabled(account, 'dashboards'),
    aiAvailable: settingEnabled(account, 'ai_available'),
    usesGpxApp: settingEnabled(account, 'uses_gpx_app'),
    includedInCs: settingEnabled(account, 'included_in_cs'),
    controlsAvailable: settingEnabled(account, 'controls_available'),
    unlimitedDateSelection: settingEnabled(account, 'unlimited_date_selection'),
    customCommandsAvailable: settingEnabled(account, 'custom_commands_available'),
    embedsCustomReport:
      settingEnabled(account, 'embeds_custom_report') &&
      Boolean(settingValue(account, 'embed_report_src')),
  };
}
export type AccountFeatures = ReturnType<typeof accountFeatures>;
