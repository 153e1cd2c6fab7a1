import Flatbush from 'flatbush';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { distanceMetres } from '@waymark/domain';

export interface GeofenceShape {
  id: number;
  accountId: number;
  name: string;
  lat: number;
  lng: number;
  /** Kilometres, for circles. */
  radius: number;
  isIrregular: boolean;
  /** GeoJSON Polygon or MultiPolygon geometry when irregular. */
  geoJson: unknown;
}

interface IndexedFence {
  shape: GeofenceShape;
  polygon: GeoJSON.Polygon | GeoJSON.MultiPolygon | null;
}

const KM_PER_DEG_LAT = 111.32;

function polygonOf(shape: GeofenceShape): GeoJSON.Polygon | GeoJSON.MultiPolygon | null {
  if (!shape.isIrregular) return null;
  const geo = shape.geoJson as { type?: string; geometry?: unknown; coordinates?: unknown } | null;
  const geometry = (geo?.type === 'Feature' ? geo.geometry : geo) as { type?: string } | null;
  if (geometry?.type === 'Polygon' || geometry?.type === 'MultiPolygon') {
    return geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon;
  }
  return null;
}

function bbox(fence: IndexedFence): [number, number, number, number] {
  if (fence.polygon) {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    const rings =
      fence.polygon.type === 'Polygon'
        ? fence.polygon.coordinates
        : fence.polygon.coordinates.flat();
    for (const ring of rings) {
      for (const [x, y] of ring as number[][]) {
        minX = Math.min(minX, x!);
        minY = Math.min(minY, y!);
        maxX = Math.max(maxX, x!);
        maxY = Math.max(maxY, y!);
      }
    }
    return [minX, minY, maxX, maxY];
  }
  const { lat, lng, radius } = fence.shape;
  const dLat = radius / KM_PER_DEG_LAT;
  const dLng = radius / (KM_PER_DEG_LAT * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return [lng - dLng, lat - dLat, lng + dLng, lat + dLat];
}

/**
 * The geofences of one account in an R-tree (Flatbush): a point is tested only against the
 * shapes whose bounding box holds it, so 10,000 geofences cost about as much as a few.
 */
export class AccountGeofenceIndex {
  private readonly fences: IndexedFence[];
  private readonly tree: Flatbush | null;

  constructor(shapes: readonly GeofenceShape[]) {
    this.fences = shapes
      .map((shape) => ({ shape, polygon: polygonOf(shape) }))
      .filter((f) => !f.shape.isIrregular || f.polygon);
    if (this.fences.length === 0) {
      this.tree = null;
      return;
    }
    this.tree = new Flatbush(this.fences.length);
    for (const fence of this.fences) this.tree.add(...bbox(fence));
    this.tree.finish();
  }

  get size() {
    return this.fences.length;
  }

  name(id: number): string | undefined {
    return this.fences.find((f) => f.shape.id === id)?.shape.name;
  }

  /** Ids of the geofences containing the point, ascending. */
  containing(lat: number, lng: number): number[] {
    if (!this.tree) return [];
    const ids: number[] = [];
    for (const i of this.tree.search(lng, lat, lng, lat)) {
      const fence = this.fences[i]!;
      const inside = fence.polygon
        ? booleanPointInPolygon([lng, lat], fence.polygon)
        : distanceMetres(fence.shape.lat, fence.shape.lng, lat, lng) <= fence.shape.radius * 1000;
      if (inside) ids.push(fence.shape.id);
    }
    return ids.sort((a, b) => a - b);
  }
}
