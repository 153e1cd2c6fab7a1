import { describe, expect, it } from 'vitest';
import { searchGroups, searchMembers, trackersOfGroups } from './groupSearch';

const group = (id: number, name: string, device_ids: number[]) => ({
  id,
  name,
  account_id: 1,
  device_ids,
  devices_count: device_ids.length,
});

describe('group search', () => {
  const groups = [group(1, 'Long Haul Trucks', [1, 2]), group(2, 'Cold Chain', [3])];

  it('matches group names in any case', () => {
    expect(searchGroups(groups, 'chain').map((g) => g.id)).toEqual([2]);
    expect(searchGroups(groups, ' ')).toHaveLength(2);
  });

  it('keeps the trackers of the listed groups, in list order', () => {
    const trackers = [{ id: 3 }, { id: 9 }, { id: 1 }];
    expect(trackersOfGroups(groups, trackers)).toEqual([{ id: 3 }, { id: 1 }]);
    expect(trackersOfGroups([], trackers)).toEqual([]);
  });

  it('matches members by name or serial', () => {
    const members = [
      { name: 'Truck 01', serial: '869000001' },
      { name: 'Van 02', serial: '869000002' },
    ];
    expect(searchMembers(members, 'VAN')).toEqual([members[1]]);
    expect(searchMembers(members, '0001')).toEqual([members[0]]);
  });
});
