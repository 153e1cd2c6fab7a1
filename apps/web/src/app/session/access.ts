import type { AccountFeatures, Action, Role, Subject } from '@waymark/domain';
import type { SessionView } from './currentAccount';

/** A feature switch of the current account (has_rules_engine, can_track_shipments, ...). */
export type FeatureFlag = {
  [K in keyof AccountFeatures]: AccountFeatures[K] extends boolean ? K : never;
}[keyof AccountFeatures];

/**
 * What a route, tab or menu item needs. Every part must hold; an empty rule allows anyone
 * logged in. Abilities still come only from defineAbilityFor.
 */
export interface AccessRule {
  can?: readonly [Action, Subject];
  flag?: FeatureFlag;
  platformAdmin?: boolean;
  roles?: readonly Role[];
}

export function allows(rule: AccessRule, view: SessionView): boolean {
  if (rule.can && !view.ability.can(rule.can[0], rule.can[1])) return false;
  if (rule.flag && !view.features?.[rule.flag]) return false;
  if (rule.platformAdmin && !view.me.is_gpx_admin) return false;
  if (rule.roles && (!view.role || !rule.roles.includes(view.role))) return false;
  return true;
}
