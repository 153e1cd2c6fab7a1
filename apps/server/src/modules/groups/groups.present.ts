import type { Group, GroupDevice } from '@waymark/domain';
import { presentDeviceItem } from '../devices/devices.present';
import type { GroupDeviceRow, GroupRow } from './groups.queries';

/** A group with the members the caller may see (ids ascending) and their count. */
export function presentGroup(row: GroupRow, deviceIds: number[]): Group {
  return { ...row, device_ids: deviceIds, devices_count: deviceIds.length };
}

/** Each asked-for group's trackers, by name, as group members are shown. */
export function presentGroupDevices(
  groupIds: readonly number[],
  rows: readonly GroupDeviceRow[],
): Map<number, GroupDevice[]> {
  const byGroup = new Map<number, GroupDevice[]>(groupIds.map((id) => [id, []]));
  for (const { device: d, model, subscription: s, position } of rows) {
    const item = presentDeviceItem(d, model, s, position);
    for (const groupId of d.group_ids) byGroup.get(groupId)?.push(item);
  }
  return byGroup;
}
