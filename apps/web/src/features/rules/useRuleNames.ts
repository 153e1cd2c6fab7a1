import { useMemo } from 'react';
import type { RuleNames } from '@waymark/domain';
import { useDeviceList } from '../../api/devices';
import { useGeofences } from '../../api/geofences';

/** Names of the account's trackers and geofences, for rules in words. */
export function useRuleNames(accountId: number | null): RuleNames {
  const devices = useDeviceList(accountId);
  const geofences = useGeofences(accountId);
  return useMemo(() => {
    const trackers = new Map((devices.data ?? []).map((d) => [d.id, d.name]));
    const places = new Map((geofences.data ?? []).map((g) => [g.id, g.name]));
    return { tracker: (id) => trackers.get(id), geofence: (id) => places.get(id) };
  }, [devices.data, geofences.data]);
}
