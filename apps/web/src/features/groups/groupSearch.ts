import type { DeviceListItem, Group } from '@waymark/domain';

/** Groups whose name contains the text, any case. */
export function searchGroups(groups: readonly Group[], search: string): Group[] {
  const text = search.trim().toLowerCase();
  if (!text) return [...groups];
  return groups.filter((g) => g.name.toLowerCase().includes(text));
}

/** The trackers that belong to at least one of the groups, in list order. */
export function trackersOfGroups<T extends Pick<DeviceListItem, 'id'>>(
  groups: readonly Pick<Group, 'device_ids'>[],
  trackers: readonly T[],
): T[] {
  const ids = new Set(groups.flatMap((g) => g.device_ids));
  return trackers.filter((t) => ids.has(t.id));
}

/** Trackers whose name or serial contains the text, any case (the members' search). */
export function searchMembers<T extends Pick<DeviceListItem, 'name' | 'serial'>>(
  trackers: readonly T[],
  search: string,
): T[] {
  const text = search.trim().toLowerCase();
  if (!text) return [...trackers];
  return trackers.filter(
    (t) => t.name.toLowerCase().includes(text) || t.serial.toLowerCase().includes(text),
  );
}
