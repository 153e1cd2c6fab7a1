import { describe, expect, it } from 'vitest';
import type { DwellGeofence } from '@waymark/domain';
import { withSetting } from './dwell';

const row: DwellGeofence = {
  id: 1,
  name: 'Chicago Depot',
  address: null,
  lat: 41.9,
  lng: -87.6,
  allowable_dwell_days: 2,
  min_assets: null,
  max_assets: null,
  period: 30,
  devices_count: 3,
  avg_time: 86_400,
  average_dwell_time_percentage: 50,
  assets_exceeding_dwell: 0,
};

describe('withSetting', () => {
  it('recomputes the SLA share when the SLA changes', () => {
    expect(withSetting(row, 'allowable_dwell_days', 1).average_dwell_time_percentage).toBe(100);
    expect(withSetting(row, 'allowable_dwell_days', null).average_dwell_time_percentage).toBe(null);
  });

  it('keeps the share when an asset bound changes', () => {
    const next = withSetting(row, 'max_assets', 2);
    expect(next.max_assets).toBe(2);
    expect(next.average_dwell_time_percentage).toBe(50);
  });
});
