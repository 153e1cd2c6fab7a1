import { ADDRESS_ARRIVAL_RADIUS_M, type Shipment } from '@waymark/domain';
import type { MapGeofence } from '../../../map/types';
import type { ShipmentSideValues } from './shipmentForm';

type SideName = 'from' | 'to';
const LABELS: Record<SideName, string> = { from: 'Start', to: 'End' };
// Addresses are no geofences: ids below zero keep them apart from the account's.
const ADDRESS_IDS: Record<SideName, number> = { from: -1, to: -2 };

/** A custom address as the map draws it: the circle the shipment arrives in. */
function addressPlace(side: SideName, address: { name: string; lat: number; lng: number }) {
  return {
    id: ADDRESS_IDS[side],
    name: `${LABELS[side]}: ${address.name}`,
    lat: address.lat,
    lng: address.lng,
    radius: ADDRESS_ARRIVAL_RADIUS_M / 1000,
    is_irregular: false,
    geo_json: null,
  } satisfies MapGeofence;
}

/** What the create form's map shows: each side's chosen geofence or picked address. */
export function previewPlaces(
  sides: Record<SideName, ShipmentSideValues>,
  geofences: readonly MapGeofence[],
): MapGeofence[] {
  return (['from', 'to'] as const).flatMap((name) => {
    const side = sides[name];
    if (side.useAddress) {
      const a = side.address;
      return a ? [addressPlace(name, { name: a.label, lat: a.lat, lng: a.lng })] : [];
    }
    const geofence = geofences.find((g) => g.id === side.geofenceId);
    return geofence ? [geofence] : [];
  });
}

/** A stored shipment's two places, as the edit page's read-only fields name them. */
export function placeLabel(shipment: Shipment, side: SideName): string {
  const geofence = shipment[`${side}_geofence`];
  const address = shipment[`${side}_address`];
  if (geofence) return geofence.address ? `${geofence.name} (${geofence.address})` : geofence.name;
  return address?.name ?? '';
}
