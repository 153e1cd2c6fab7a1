export interface Place {
  label: string;
  lat: number;
  lng: number;
}

/** Addresses for positions and place search for address fields. */
export interface Geocoder {
  /**
   * A human-readable address near the point, or null when nothing is known there. Rejects when
   * a remote geocoder cannot answer, so callers can tell "no address" from "ask again later".
   */
  reverse(lat: number, lng: number): Promise<string | null>;
  /** Points closer than this (degrees) get the same address: the pipeline's cache cell. */
  readonly cellDegrees: number;
  /** Places matching a typed text, best first. */
  search(query: string, limit?: number): Promise<Place[]>;
}
