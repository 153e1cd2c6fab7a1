import { CLUSTER_HEX } from '../colours';

/** What the marker canvas draws: a tracker's marker or a cluster of trackers. */
export type CanvasMarker =
  | { kind: 'marker'; id: number; lng: number; lat: number; colour: string }
  | {
      kind: 'cluster';
      clusterId: number;
      count: number;
      /** supercluster's short count ('1.2k'). */
      abbreviated: string | number;
      lng: number;
      lat: number;
    };

/** A single tracker's marker. */
export type TrackerMarker = Extract<CanvasMarker, { kind: 'marker' }>;

/** A marker at its place on screen (CSS pixels), one per visible world copy. */
export interface PlacedMarker {
  marker: CanvasMarker;
  x: number;
  y: number;
  /** Radius of the circle with its stroke: what is drawn and what a click hits. */
  radius: number;
}

// The look MapLibre's circle layers had (and the bare benchmark page still has).
export const CLUSTER_LOOK = {
  fill: CLUSTER_HEX,
  opacity: 0.85,
  stroke: 3,
  strokeColour: 'rgba(255,255,255,0.8)',
};
export const MARKER_LOOK = { radius: 7, stroke: 2, strokeColour: '#ffffff' };
export const RING_LOOK = { radius: 13, stroke: 3, colour: '#fab005' };
/** A finger needs more than a 9 px marker to hit. */
const MIN_HIT_RADIUS = 12;

/** Cluster circle radius by member count (steps at 10, 100 and 1,000). */
export function clusterRadius(count: number): number {
  if (count >= 1000) return 26;
  if (count >= 100) return 21;
  if (count >= 10) return 17;
  return 14;
}

export function outerRadius(marker: CanvasMarker): number {
  return marker.kind === 'cluster'
    ? clusterRadius(marker.count) + CLUSTER_LOOK.stroke / 2
    : MARKER_LOOK.radius + MARKER_LOOK.stroke / 2;
}

export interface Viewport {
  width: number;
  height: number;
  /** Width of one world copy in CSS pixels at this zoom (0: one world, no copies). */
  worldWidth: number;
  project(lng: number, lat: number): { x: number; y: number };
}

/**
 * Where each marker lands on screen, clusters first and markers over them (the order they are
 * drawn in), leaving out those wholly off screen. A marker is placed on each world copy in
 * view, as MapLibre repeats its layers at low zoom.
 */
export function placeMarkers(markers: readonly CanvasMarker[], view: Viewport): PlacedMarker[] {
  const placed: PlacedMarker[] = [];
  const place = (marker: CanvasMarker) => {
    const radius = outerRadius(marker);
    const { x, y } = view.project(marker.lng, marker.lat);
    if (y < -radius || y > view.height + radius) return;
    const w = view.worldWidth;
    const first = w > 0 ? Math.ceil((-radius - x) / w) : 0;
    const last = w > 0 ? Math.floor((view.width + radius - x) / w) : 0;
    for (let k = first; k <= last; k++) {
      const at = x + k * w;
      if (at >= -radius && at <= view.width + radius) placed.push({ marker, x: at, y, radius });
    }
  };
  for (const m of markers) if (m.kind === 'cluster') place(m);
  for (const m of markers) if (m.kind === 'marker') place(m);
  return placed;
}

/** The topmost placed marker under a point (the last drawn wins), or null. */
export function hitMarker(placed: readonly PlacedMarker[], x: number, y: number) {
  for (let i = placed.length - 1; i >= 0; i--) {
    const p = placed[i]!;
    const r = Math.max(p.radius, MIN_HIT_RADIUS);
    if ((p.x - x) ** 2 + (p.y - y) ** 2 <= r * r) return p.marker;
  }
  return null;
}

/** A clustering worker's GeoJSON feature (MapLibre's cluster properties) as a canvas marker. */
export function fromClusterFeature(feature: GeoJSON.Feature<GeoJSON.Point>): CanvasMarker {
  const [lng, lat] = feature.geometry.coordinates as [number, number];
  const p = feature.properties ?? {};
  if (p.cluster) {
    const count = p.point_count as number;
    return {
      kind: 'cluster',
      clusterId: p.cluster_id as number,
      count,
      abbreviated: (p.point_count_abbreviated as string | number | undefined) ?? count,
      lng,
      lat,
    };
  }
  return { kind: 'marker', id: p.id as number, lng, lat, colour: p.colour as string };
}
