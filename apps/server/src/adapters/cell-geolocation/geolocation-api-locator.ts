import type { RadioScan } from '@waymark/domain';
import type { CellLocation, CellLocator } from './cell-locator';

/**
 * A service speaking the Google Maps Geolocation API protocol (CELL_GEOLOCATION_URL), which
 * BeaconDB, Combain and others speak too: POST a JSON body of `cellTowers` and
 * `wifiAccessPoints`, get `{ location: { lat, lng }, accuracy }` back, or 404 when no tower
 * is known. The URL carries any key the service needs, e.g.
 * `https://www.googleapis.com/geolocation/v1/geolocate?key=...` or
 * `https://api.beacondb.net/v1/geolocate`.
 */
export function geolocationApiLocator(url: string, fetchImpl: typeof fetch = fetch): CellLocator {
  return {
    async locate(scan) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Waymark fleet tracking' },
        body: JSON.stringify(requestBody(scan)),
        signal: AbortSignal.timeout(5000),
      });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`cell geolocation service answered ${response.status}`);
      return readLocation(await response.json());
    },
  };
}

function requestBody(scan: RadioScan) {
  return {
    // The tracker's public IP is its carrier's gateway, not where it is.
    considerIp: false,
    ...(scan.radioType && { radioType: scan.radioType }),
    cellTowers: scan.cells.map((c) => ({
      cellId: c.cid,
      locationAreaCode: c.lac,
      mobileCountryCode: c.mcc,
      mobileNetworkCode: c.mnc,
      ...(c.rssi !== undefined && { signalStrength: c.rssi }),
    })),
    wifiAccessPoints: scan.wifi.map((w) => ({
      macAddress: w.mac,
      ...(w.rssi !== undefined && { signalStrength: w.rssi }),
    })),
  };
}

function readLocation(body: unknown): CellLocation {
  const { location, accuracy } = (body ?? {}) as {
    location?: { lat?: unknown; lng?: unknown };
    accuracy?: unknown;
  };
  const lat = location?.lat;
  const lng = location?.lng;
  if (
    typeof lat !== 'number' ||
    typeof lng !== 'number' ||
    typeof accuracy !== 'number' ||
    !(Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && accuracy >= 0)
  ) {
    throw new Error(
      `cell geolocation service answered ${JSON.stringify(body)}: expected { location: { lat, lng }, accuracy }`,
    );
  }
  return { lat, lng, accuracy };
}
