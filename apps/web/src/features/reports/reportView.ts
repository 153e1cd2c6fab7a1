import type { ApiPosition } from '@waymark/domain';

/** One line of Addresses: when the tracker came to an address. */
export interface AddressRow {
  timestamp: string;
  address: string;
}

/** Addresses shown on the page at most; the spreadsheet has them all. */
export const ADDRESS_ROWS_SHOWN = 500;

/**
 * The Addresses list (spec 001 §2, time plus address): each position with an address, a run
 * of positions at the same address told once, at its first time. Oldest first, like the
 * snapshot.
 */
export function addressRows(positions: readonly ApiPosition[]): AddressRow[] {
  const rows: AddressRow[] = [];
  let last: string | null = null;
  for (const p of positions) {
    const address = p.address?.trim();
    if (!address) continue;
    if (address !== last) rows.push({ timestamp: p.timestamp, address });
    last = address;
  }
  return rows;
}
