import type { RawPosition } from '@waymark/domain';

/** A fixed beacon's place, as the anchor registry holds it. */
export interface AnchorPlace {
  id: number;
  name: string;
  lat: number;
  lng: number;
  /** The anchor's radius in metres: how far from it a tracker that hears it may be. */
  accuracy: number;
}

const hasOwnFix = (raw: RawPosition) =>
  raw.valid &&
  raw.fix === 'gps' &&
  Number.isFinite(raw.lat) &&
  Number.isFinite(raw.lng) &&
  !(raw.lat === 0 && raw.lng === 0);

/**
 * Places a report at the BLE anchor whose beacon it heard (spec 000 §2.8): indoors a gateway has
 * no GPS, but it hears the fixed beacons around it. The strongest known beacon wins; a valid
 * GPS fix is kept as it is, since outdoors it is the better answer. Beacon ids match anchor
 * serials case-insensitively (iBeacon `uuid:major:minor`, Eddystone `namespace:instance`, or
 * whatever id an integration sends).
 */
export function locateAtAnchor(
  raw: RawPosition,
  anchors: ReadonlyMap<string, AnchorPlace> | undefined,
): RawPosition {
  if (!anchors || anchors.size === 0 || !raw.bleBeacons?.length || hasOwnFix(raw)) return raw;
  let best: { anchor: AnchorPlace; rssi: number } | undefined;
  for (const beacon of raw.bleBeacons) {
    const anchor = anchors.get(beacon.id.toLowerCase());
    const rssi = beacon.rssi ?? -Infinity;
    if (anchor && (!best || rssi > best.rssi)) best = { anchor, rssi };
  }
  if (!best) return raw;
  const { anchor } = best;
  return {
    ...raw,
    lat: anchor.lat,
    lng: anchor.lng,
    valid: true,
    fix: 'ble',
    accuracy: anchor.accuracy,
    speed: 0,
    attributes: { ...raw.attributes, anchorId: anchor.id, anchor: anchor.name },
  };
}
