import { useGeofences } from '../../api/geofences';
import { GeofencesLayer, type MapGeofence } from '../../map';

const NONE: readonly MapGeofence[] = [];

/**
 * The account's geofences under the trackers (spec 000 §2.4 overlays): a green marker then
 * shows the place it is in. Renders inside a FleetMap, like every layer.
 */
export function AccountGeofencesLayer({ accountId }: { accountId: number | null }) {
  const { data } = useGeofences(accountId);
  return <GeofencesLayer geofences={data ?? NONE} />;
}
