import { formatMetres } from '../measures/measures.format';
import type { FIXES } from './position.schema';

type Fix = (typeof FIXES)[number];

const FIX_NAMES: Record<Fix, string> = { gps: 'GPS', wifi: 'Wi-Fi', cell: 'Cell', ble: 'BLE' };

/**
 * How a position was found, as the map popup and tracker details say it: 'GPS fix', or with
 * its accuracy for the coarse kinds, 'BLE fix ±9 m' (a tag placed at the anchor it was heard
 * by, the anchor's radius as accuracy).
 */
export function describeFix(fix: Fix, accuracyMetres: number | null | undefined): string {
  const name = `${FIX_NAMES[fix]} fix`;
  if (accuracyMetres == null || !Number.isFinite(accuracyMetres)) return name;
  return `${name} ±${formatMetres(accuracyMetres)}`;
}
