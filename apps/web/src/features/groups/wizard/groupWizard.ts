import type { DeviceListItem, GroupDetails } from '@waymark/domain';

/** What the wizard was opened for; passed as the 'device-group' modal's props. */
export type GroupWizardTarget =
  | { mode: 'create' }
  /** Rename and choose the whole membership again (saved through devices-swap). */
  | { mode: 'edit'; group: GroupDetails }
  /** Pick trackers to add to the members the group has (saved through POST devices). */
  | { mode: 'add'; group: GroupDetails };

export type WizardStep = 1 | 2 | 3;

export const WIZARD_TITLES: Record<GroupWizardTarget['mode'], string> = {
  create: 'New Tracker Group',
  edit: 'Edit Tracker Group',
  add: 'Add Trackers',
};

/** Reads the modal props back into a target; anything unexpected creates a new group. */
export function wizardTarget(props: Record<string, unknown>): GroupWizardTarget {
  const { mode, group } = props as { mode?: unknown; group?: GroupDetails };
  if ((mode === 'edit' || mode === 'add') && group && typeof group.id === 'number') {
    return { mode, group };
  }
  return { mode: 'create' };
}

/** Where the wizard starts: adding needs no name, the group has one. */
export const firstStep = (target: GroupWizardTarget): WizardStep => (target.mode === 'add' ? 2 : 1);

/** Trackers the pick step offers: adding offers only those not yet in the group. */
export function offeredTrackers(
  target: GroupWizardTarget,
  candidates: readonly DeviceListItem[],
): DeviceListItem[] {
  if (target.mode === 'create') return [...candidates];
  const members = new Set(target.group.device_ids);
  if (target.mode === 'add') return candidates.filter((d) => !members.has(d.id));
  // Editing: members outside the offered statuses stay choosable, so a swap keeps them.
  const offered = new Set(candidates.map((d) => d.id));
  return [...candidates, ...target.group.devices.filter((d) => !offered.has(d.id))];
}

/** The selection the pick step starts from. */
export function initialSelection(target: GroupWizardTarget): Set<number> {
  return new Set(target.mode === 'edit' ? target.group.device_ids : []);
}
