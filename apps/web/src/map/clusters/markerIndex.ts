import Supercluster from 'supercluster';
import type { MarkerArrays } from './protocol';

/** Spec 000 §2.4 and §9: cluster radius 40 px; no clusters past zoom 16. */
export const CLUSTER_RADIUS = 40;
export const CLUSTER_MAX_ZOOM = 16;

interface MarkerProps {
  id: number;
  colour: string;
}

/**
 * The clustering of every marker of the trackers layer (supercluster, the algorithm MapLibre
 * runs inside its own worker), kept where the markers live so that live moves re-cluster
 * without sending the whole fleet across threads. Plain code: the worker wraps it, tests run
 * it directly.
 */
export class MarkerIndex {
  private readonly features = new Map<number, GeoJSON.Feature<GeoJSON.Point, MarkerProps>>();
  private palette: string[] = [];
  private index: Supercluster<MarkerProps> | null = null;
  /** The clustering behind the view on screen, whose cluster ids a click refers to. */
  private shownIndex: Supercluster<MarkerProps> | null = null;
  private dirty = false;

  load(markers: MarkerArrays, palette: string[]): void {
    this.features.clear();
    this.index = null;
    this.shownIndex = null;
    this.move(markers, palette);
  }

  /** Moves (or adds) markers; the clustering follows with the next recluster(). */
  move(markers: MarkerArrays, palette: string[]): void {
    this.palette = palette;
    this.apply(markers);
  }

  get size(): number {
    return this.features.size;
  }

  /** True when markers moved since the last clustering. */
  get stale(): boolean {
    return this.dirty;
  }

  /** Clusters the markers again if they moved (about half a second at 100,000 markers). */
  recluster(): void {
    if (this.index && !this.dirty) return;
    this.index = new Supercluster<MarkerProps>({
      radius: CLUSTER_RADIUS,
      maxZoom: CLUSTER_MAX_ZOOM,
    }).load([...this.features.values()]);
    this.dirty = false;
  }

  /**
   * Clusters and single markers inside bbox [west, south, east, north] at this zoom, as of the
   * last clustering (moves since then show after the next recluster()).
   */
  view(bbox: [number, number, number, number], zoom: number): GeoJSON.Feature<GeoJSON.Point>[] {
    return this.clustered().getClusters(bbox, Math.floor(zoom)) as GeoJSON.Feature<GeoJSON.Point>[];
  }

  /** The last view() is what the map shows now: its cluster ids are the ones clicks name. */
  markShown(): void {
    this.shownIndex = this.index;
  }

  /** The zoom at which a cluster on screen splits into its children (null: no such cluster). */
  expansionZoom(clusterId: number): number | null {
    try {
      const zoom = (this.shownIndex ?? this.clustered()).getClusterExpansionZoom(clusterId);
      return Math.min(zoom, CLUSTER_MAX_ZOOM + 1);
    } catch {
      return null;
    }
  }

  private apply({ ids, lng, lat, colour }: MarkerArrays): void {
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      const coordinates: [number, number] = [lng[i]!, lat[i]!];
      const properties = { id, colour: this.palette[colour[i]!] ?? '#000000' };
      this.features.set(id, {
        type: 'Feature',
        id,
        geometry: { type: 'Point', coordinates },
        properties,
      });
    }
    this.dirty = true;
  }

  private clustered(): Supercluster<MarkerProps> {
    if (!this.index) this.recluster();
    return this.index!;
  }
}

/**
 * What a view looks like on screen at this zoom: each cluster or marker on the pixel grid,
 * with its count or id and colour. Two views with the same picture need no redraw.
 */
export function viewPicture(features: GeoJSON.Feature<GeoJSON.Point>[], zoom: number): string {
  const pixel = 360 / (512 * 2 ** Math.floor(zoom));
  return features
    .map((f) => {
      const [lng, lat] = f.geometry.coordinates as [number, number];
      const p = f.properties ?? {};
      const what = p.cluster ? `c${p.point_count}` : `m${p.id}:${p.colour}`;
      return `${Math.round(lng / pixel)},${Math.round(lat / pixel)},${what}`;
    })
    .sort()
    .join(';');
}
