import { describe, expect, it } from 'vitest';
import { listedStatuses, type CurrentPosition, type DeviceListItem } from '@waymark/domain';
import {
  activeFilterCount,
  defaultFilters,
  filterTrackers,
  matchesSearch,
  nextPaging,
  pageOf,
  passesFilters,
  restoreFilters,
  type TrackerFilters,
} from './filters';

const NOW = new Date('2026-06-15T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

function position(overrides: Partial<CurrentPosition> = {}): CurrentPosition {
  return {
    device_id: 1,
    location: [-97.74, 30.27],
    lat: 30.27,
    lng: -97.74,
    timestamp: daysAgo(0.01),
    fix: 'gps',
    speed: 0,
    course: null,
    altitude: null,
    accuracy: 5,
    battery: 80,
    temperature: null,
    humidity: null,
    odometer: null,
    address: '100 Congress Ave, Austin, TX',
    is_inside_geofences: false,
    last_movement_time: daysAgo(0.01),
    last_movement_time_without_cell: daysAgo(0.01),
    charging: null,
    ...overrides,
  };
}

function device(overrides: Partial<DeviceListItem> = {}): DeviceListItem {
  return {
    id: 1,
    name: 'Truck 1',
    serial: 'SN-0001',
    note: null,
    model_id: 1,
    model_title: 'Tracker X',
    expected_report_minutes: 60,
    subscription_status: 'active',
    group_ids: [],
    low_battery: false,
    charging: false,
    sos: false,
    overspeed: false,
    current_position: position(),
    ...overrides,
  };
}

const statuses = listedStatuses(false);
const withFilter = (change: Partial<TrackerFilters>): TrackerFilters => ({
  ...defaultFilters(statuses),
  ...change,
});

describe('passesFilters', () => {
  it('lets everything listed through with the defaults', () => {
    const f = defaultFilters(statuses);
    expect(passesFilters(device(), f, NOW)).toBe(true);
    expect(passesFilters(device({ current_position: null }), f, NOW)).toBe(true);
  });

  it('hides trackers not reported in N days, and those that never reported', () => {
    const f = withFilter({ notReported: { enabled: true, value: 7 } });
    expect(
      passesFilters(device({ current_position: position({ timestamp: daysAgo(6) }) }), f, NOW),
    ).toBe(true);
    expect(
      passesFilters(device({ current_position: position({ timestamp: daysAgo(8) }) }), f, NOW),
    ).toBe(false);
    expect(passesFilters(device({ current_position: null }), f, NOW)).toBe(false);
  });

  it('hides trackers with battery above N percent, keeping those without a reading', () => {
    const f = withFilter({ batteryAbove: { enabled: true, value: 50 } });
    expect(passesFilters(device({ current_position: position({ battery: 50 }) }), f, NOW)).toBe(
      true,
    );
    expect(passesFilters(device({ current_position: position({ battery: 51 }) }), f, NOW)).toBe(
      false,
    );
    expect(passesFilters(device({ current_position: position({ battery: null }) }), f, NOW)).toBe(
      true,
    );
  });

  it('shows only missed updates: last fix plus expected_report_minutes in the past', () => {
    const f = withFilter({ missedUpdate: true });
    const late = device({ current_position: position({ timestamp: daysAgo(0.1) }) }); // 2.4 h
    const onTime = device({ current_position: position({ timestamp: daysAgo(0.01) }) }); // 14 min
    expect(passesFilters(late, f, NOW)).toBe(true);
    expect(passesFilters(onTime, f, NOW)).toBe(false);
  });

  it('shows trackers moved in the last N days, with or without cell fixes', () => {
    const movedByCell = device({
      current_position: position({
        last_movement_time: daysAgo(1),
        last_movement_time_without_cell: daysAgo(20),
      }),
    });
    const moved = { enabled: true, value: 7 };
    expect(passesFilters(movedByCell, withFilter({ movedIn: moved, includeCell: true }), NOW)).toBe(
      true,
    );
    expect(
      passesFilters(movedByCell, withFilter({ movedIn: moved, includeCell: false }), NOW),
    ).toBe(false);
    expect(
      passesFilters(device({ current_position: null }), withFilter({ movedIn: moved }), NOW),
    ).toBe(false);
  });

  it('shows trackers not moved in the last N days', () => {
    const notMoved = { enabled: true, value: 10 };
    const idle = device({
      current_position: position({
        last_movement_time: daysAgo(12),
        last_movement_time_without_cell: daysAgo(12),
      }),
    });
    const busy = device({
      current_position: position({
        last_movement_time: daysAgo(2),
        last_movement_time_without_cell: daysAgo(30),
      }),
    });
    expect(passesFilters(idle, withFilter({ notMovedIn: notMoved }), NOW)).toBe(true);
    expect(passesFilters(busy, withFilter({ notMovedIn: notMoved }), NOW)).toBe(false);
    expect(passesFilters(busy, withFilter({ notMovedIn: notMoved, includeCell: false }), NOW)).toBe(
      true,
    );
  });

  it('falls back to the last fix when no movement was recorded', () => {
    const f = withFilter({ movedIn: { enabled: true, value: 7 } });
    const p = position({
      timestamp: daysAgo(1),
      last_movement_time: null,
      last_movement_time_without_cell: null,
    });
    expect(passesFilters(device({ current_position: p }), f, NOW)).toBe(true);
  });

  it('filters by subscription status', () => {
    const f = withFilter({ statuses: ['active'] });
    expect(passesFilters(device({ subscription_status: 'active' }), f, NOW)).toBe(true);
    expect(passesFilters(device({ subscription_status: 'pending' }), f, NOW)).toBe(false);
  });

  it('lets the ids set by Scout override every other filter', () => {
    const f = withFilter({ ids: [2], statuses: [], missedUpdate: true });
    expect(passesFilters(device({ id: 2, subscription_status: 'cancelled' }), f, NOW)).toBe(true);
    expect(passesFilters(device({ id: 1 }), f, NOW)).toBe(false);
    expect(activeFilterCount(f, statuses)).toBe(1);
  });
});

describe('matchesSearch', () => {
  const d = device({ name: 'Reefer Van', serial: 'GT06-7731' });
  it.each(['reefer', 'VAN', 'gt06-77', 'congress AVE', '  austin '])('finds %s', (q) => {
    expect(matchesSearch(d, q)).toBe(true);
  });
  it('misses what is in none of the three', () => {
    expect(matchesSearch(d, 'Dallas')).toBe(false);
    expect(matchesSearch(device({ current_position: null }), 'austin')).toBe(false);
  });
  it('combines with the filters', () => {
    const list = [d, device({ id: 2, name: 'Box Truck' })];
    expect(filterTrackers(list, defaultFilters(statuses), 'truck', NOW).map((x) => x.id)).toEqual([
      2,
    ]);
  });
});

describe('restoreFilters', () => {
  it('clamps ranges, drops unknown statuses and keeps the defaults otherwise', () => {
    const f = restoreFilters(
      {
        notReported: { enabled: true, value: 500 },
        notMovedIn: { enabled: true, value: 150 },
        statuses: ['active', 'blocked'],
      },
      statuses,
    );
    expect(f.notReported).toEqual({ enabled: true, value: 100 });
    expect(f.notMovedIn).toEqual({ enabled: true, value: 150 });
    expect(f.statuses).toEqual(['active']);
    expect(f.batteryAbove).toEqual({ enabled: false, value: 100 });
    expect(restoreFilters('garbage', statuses)).toEqual(defaultFilters(statuses));
  });
});

describe('paging', () => {
  const at3 = { page: 3, pageSize: 25 } as const;
  it('goes back to page 1 on a new page size, search or filters', () => {
    expect(nextPaging(at3, { type: 'pageSize', pageSize: 100 })).toEqual({
      page: 1,
      pageSize: 100,
    });
    expect(nextPaging(at3, { type: 'search' })).toEqual({ page: 1, pageSize: 25 });
    expect(nextPaging(at3, { type: 'filters' })).toEqual({ page: 1, pageSize: 25 });
    expect(nextPaging(at3, { type: 'page', page: 2 })).toEqual({ page: 2, pageSize: 25 });
  });
  it('clamps a page past the end to the last page', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    expect(pageOf(items, at3)).toEqual({ rows: items.slice(25), page: 2 });
    expect(pageOf([], at3)).toEqual({ rows: [], page: 1 });
  });
});
