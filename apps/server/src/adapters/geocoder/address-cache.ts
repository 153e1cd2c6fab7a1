import type { Geocoder } from './geocoder';

interface Addressable {
  lat: number;
  lng: number;
  address: string | null;
}

/**
 * Reverse-geocodes positions in bulk: a fleet reports from the same streets over and over, so
 * one lookup per cell replaces one per position (the k-d tree search was 8 % of the pipeline's
 * time), and a remote geocoder is asked once per cell rather than once per fix.
 */
export class AddressCache {
  private readonly cells = new Map<string, string | null>();
  private readonly scale: number;
  private readonly maxCells: number;

  /**
   * Points in the same cell of the geocoder's `cellDegrees` share one lookup; `maxCells` bounds
   * memory (the cache starts over when full: simpler than an LRU, and refilling is cheap).
   */
  constructor(
    private readonly geocoder: Geocoder,
    maxCells = 200_000,
  ) {
    this.scale = 1 / geocoder.cellDegrees;
    this.maxCells = maxCells;
  }

  /** One address; null when none is known or the geocoder cannot answer just now. */
  async lookup(lat: number, lng: number): Promise<string | null> {
    const point = { lat, lng, address: null };
    await this.fill([point]);
    return point.address;
  }

  /** Sets `address` on every point; unknown cells are looked up once each, in parallel. */
  async fill(points: readonly Addressable[]): Promise<void> {
    const waiting = new Map<string, Addressable[]>();
    for (const point of points) {
      const key = this.cellOf(point.lat, point.lng);
      const known = this.cells.get(key);
      if (known !== undefined) point.address = known;
      else {
        const list = waiting.get(key);
        if (list) list.push(point);
        else waiting.set(key, [point]);
      }
    }
    if (waiting.size === 0) return;
    if (this.cells.size + waiting.size > this.maxCells) this.cells.clear();
    await Promise.all(
      [...waiting].map(async ([key, list]) => {
        const first = list[0]!;
        // A geocoder that cannot answer now leaves the cell unknown, to be asked again.
        const address = await this.geocoder.reverse(first.lat, first.lng).catch(() => undefined);
        if (address === undefined) return;
        this.cells.set(key, address);
        for (const point of list) point.address = address;
      }),
    );
  }

  private cellOf(lat: number, lng: number) {
    return `${Math.round(lat * this.scale)}:${Math.round(lng * this.scale)}`;
  }
}
