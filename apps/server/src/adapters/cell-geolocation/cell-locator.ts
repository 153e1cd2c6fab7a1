import type { RadioScan } from '@waymark/domain';

export interface CellLocation {
  lat: number;
  lng: number;
  /** Metres (radius of 68 % confidence, as geolocation services report it). */
  accuracy: number;
}

/**
 * Places a tracker from the cell towers and Wi-Fi access points it heard (GT06 0x28 / 0x2C),
 * through a cell geolocation service. Waymark has no offline database of towers, so without
 * `CELL_GEOLOCATION_URL` there is no locator and such reports stay device status.
 */
export interface CellLocator {
  /**
   * Where the scan was heard, or null when the service knows none of its towers. Rejects when
   * the service cannot answer, so callers can tell "unknown" from "ask again later".
   */
  locate(scan: RadioScan): Promise<CellLocation | null>;
}
