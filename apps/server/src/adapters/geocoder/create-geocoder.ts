import type { Geocoder } from './geocoder';
import { gazetteerGeocoder } from './gazetteer-geocoder';
import { nominatimGeocoder } from './nominatim-geocoder';

export function createGeocoder(config: { GEOCODER_URL?: string }): Geocoder {
  return config.GEOCODER_URL ? nominatimGeocoder(config.GEOCODER_URL) : gazetteerGeocoder();
}
