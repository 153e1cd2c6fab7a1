import { describe, expect, it } from 'vitest';
import type { DeviceListItem, GroupDetails } from '@waymark/domain';
import { firstStep, initialSelection, offeredTrackers, wizardTarget } from './groupWizard';

const tracker = (id: number, name = `Truck ${id}`) =>
  ({ id, name, serial: `8690${id}`, group_ids: [] }) as unknown as DeviceListItem;

const group = (device_ids: number[], devices: DeviceListItem[] = []) =>
  ({
    id: 5,
    name: 'Vans',
    account_id: 1,
    device_ids,
    devices_count: device_ids.length,
    devices,
  }) as unknown as GroupDetails;

describe('group wizard target', () => {
  it('reads the modal props, creating a group by default', () => {
    expect(wizardTarget({})).toEqual({ mode: 'create' });
    expect(wizardTarget({ mode: 'edit' })).toEqual({ mode: 'create' });
    expect(wizardTarget({ mode: 'add', group: group([1]) }).mode).toBe('add');
  });

  it('starts adding at the pick step, everything else at the name', () => {
    expect(firstStep({ mode: 'create' })).toBe(1);
    expect(firstStep({ mode: 'edit', group: group([]) })).toBe(1);
    expect(firstStep({ mode: 'add', group: group([]) })).toBe(2);
  });

  it('offers the trackers not yet in the group when adding', () => {
    const candidates = [tracker(1), tracker(2), tracker(3)];
    const target = { mode: 'add', group: group([2]) } as const;
    expect(offeredTrackers(target, candidates).map((t) => t.id)).toEqual([1, 3]);
    expect(initialSelection(target).size).toBe(0);
  });

  it('keeps members outside the offered statuses choosable when editing', () => {
    const blocked = tracker(9, 'Blocked van');
    const target = { mode: 'edit', group: group([1, 9], [tracker(1), blocked]) } as const;
    expect(offeredTrackers(target, [tracker(1), tracker(2)]).map((t) => t.id)).toEqual([1, 2, 9]);
    expect([...initialSelection(target)]).toEqual([1, 9]);
  });
});
