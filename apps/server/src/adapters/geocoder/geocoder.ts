export interface Place {
  label: string;
  lat: number;
  lng: number;
}

/** Addresses for positions and place search for address fields. */
export interface Geocoder {
  /** A human-readable address near the point, or null when nothing is known. */
  reverse(lat: number, lng: number): Promise<string | null>;
  /** Places matching a typed text, best first. */
  search(query: string, limit?: number): Promise<Place[]>;
}
