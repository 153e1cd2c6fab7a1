// Plain data and functions, without MapLibre: the build script that writes the places files,
// the app that loads them and bench/map's bare page all read the same tiers from here.

/** Where the built basemap files are served, under the web app's root (apps/web/public). */
export const BASEMAP_DIR = 'basemap';

/** The one font of the offline basemap; its glyph ranges are built into BASEMAP_DIR/glyphs. */
export const PLACES_FONT = 'NotoSans-Regular';

/** A place as the places files hold it: name, longitude, latitude, zoom its label shows from. */
export type PlaceRow = [name: string, lng: number, lat: number, minZoom: number];

/**
 * From which zoom a place is named, by population: the biggest cities on a continent-wide view,
 * towns of 10,000 from zoom 8, of 5,000 from zoom 9. Smaller places are left out.
 */
const LABEL_ZOOMS: { population: number; zoom: number }[] = [
  { population: 1_000_000, zoom: 3 },
  { population: 300_000, zoom: 4 },
  { population: 100_000, zoom: 5 },
  { population: 50_000, zoom: 6 },
  { population: 20_000, zoom: 7 },
  { population: 10_000, zoom: 8 },
  { population: 5_000, zoom: 9 },
];

/** The zoom from which a place of `population` is named; null when it is never named. */
export function labelZoom(population: number): number | null {
  return LABEL_ZOOMS.find((step) => population >= step.population)?.zoom ?? null;
}

export interface PlaceTier {
  /** The file (`${id}.json`), the GeoJSON source and, prefixed `basemap-`, the layer. */
  id: string;
  /** Label zooms of its places: the layer draws from the first. */
  zooms: [from: number, to: number];
}

/**
 * The places in three files, so a country-wide view loads the 4,400 cities of 100,000 people and
 * more, and the 45,000 towns only come when the map is zoomed in to where they are named.
 * Listed biggest first: that layer is the top one, so its labels win collisions.
 */
export const PLACE_TIERS: PlaceTier[] = [
  { id: 'places-0', zooms: [3, 5] },
  { id: 'places-1', zooms: [6, 7] },
  { id: 'places-2', zooms: [8, 9] },
];

/** A tier is fetched half a zoom level before its first labels, so they are there in time. */
export function tierLoadZoom(tier: PlaceTier): number {
  return tier.zooms[0] - 0.5;
}

export function tierOfZoom(zoom: number): PlaceTier | undefined {
  return PLACE_TIERS.find((tier) => zoom >= tier.zooms[0] && zoom <= tier.zooms[1]);
}

/**
 * A places file as GeoJSON. The rows come biggest first, so the row's index is the label's
 * `symbol-sort-key`: where two labels collide, the bigger place keeps its name.
 */
export function placeFeatures(rows: PlaceRow[]): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: 'FeatureCollection',
    features: rows.map(([name, lng, lat, zoom], rank) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lng, lat] },
      properties: { name, zoom, rank },
    })),
  };
}
