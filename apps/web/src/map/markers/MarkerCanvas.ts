import type { Map, PointLike } from 'maplibre-gl';
import {
  CLUSTER_LOOK,
  MARKER_LOOK,
  RING_LOOK,
  clusterRadius,
  hitMarker,
  placeMarkers,
  type CanvasMarker,
  type PlacedMarker,
} from './placement';

/** MapLibre's tiles are 512 px: the world is this wide at zoom 0. */
const WORLD_PX_AT_ZOOM_0 = 512;

/**
 * The trackers' markers and clusters, drawn on a 2D canvas laid over the map's WebGL canvas.
 *
 * Why not MapLibre circle layers: any change to a MapLibre source redraws the whole map (the
 * basemap with it). Live positions change the markers about once a second on a big fleet, and
 * on software WebGL (no GPU: SwiftShader) a full redraw takes 50–150 ms, a visible stutter each
 * time. Drawing a few hundred circles on a 2D canvas takes a millisecond or two and leaves the
 * map alone. Camera moves still redraw both, in the same frame: this canvas draws on the map's
 * `render` event.
 *
 * Sits right above the map's canvas, under HTML markers (cluster labels) and popups, and takes
 * no pointer events: the map keeps every gesture, and clicks ask `hit()`. Made without touching
 * the page; `attach()` puts it on the map and `detach()` takes it off (an effect's two halves).
 */
export class MarkerCanvas {
  private readonly canvas = document.createElement('canvas');
  private markers: readonly CanvasMarker[] = [];
  private selectedId: number | null = null;
  private placed: PlacedMarker[] = [];
  private frame: number | undefined;
  /** New markers were handed in since the last draw. */
  private changed = false;
  private readonly drawnListeners = new Set<() => void>();
  private attached = false;

  constructor(readonly map: Map) {
    this.canvas.className = 'waymark-marker-canvas';
    this.canvas.style.cssText = 'position:absolute;left:0;top:0;pointer-events:none';
    this.canvas.setAttribute('aria-hidden', 'true');
  }

  attach(): void {
    this.attached = true;
    this.map.getCanvas().after(this.canvas);
    // A resize is followed by a render too, which sizes this canvas again.
    this.map.on('render', this.draw);
    this.draw();
  }

  detach(): void {
    this.attached = false;
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    this.map.off('render', this.draw);
    this.canvas.remove();
    this.placed = [];
  }

  setMarkers(markers: readonly CanvasMarker[]): void {
    this.markers = markers;
    this.changed = true;
    this.schedule();
  }

  setSelected(id: number | null): void {
    if (id === this.selectedId) return;
    this.selectedId = id;
    this.schedule();
  }

  /** The marker or cluster drawn topmost at a point of the map (CSS pixels), or null. */
  hit(point: PointLike): CanvasMarker | null {
    const [x, y] = Array.isArray(point) ? point : [point.x, point.y];
    return hitMarker(this.placed, x, y);
  }

  /** The markers and clusters on screen as last drawn (each once, whatever the world copies). */
  visible(): CanvasMarker[] {
    return [...new Set(this.placed.map((p) => p.marker))];
  }

  /** Calls `listener` after each draw of newly handed-in markers. Returns an unsubscribe. */
  onDrawn(listener: () => void): () => void {
    this.drawnListeners.add(listener);
    return () => this.drawnListeners.delete(listener);
  }

  private schedule() {
    if (this.attached) this.frame ??= requestAnimationFrame(this.draw);
  }

  private readonly draw = () => {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    const sized = this.sized();
    if (!sized) return;
    const { context, width, height } = sized;
    this.placed = placeMarkers(this.markers, {
      width,
      height,
      worldWidth: this.map.getRenderWorldCopies()
        ? WORLD_PX_AT_ZOOM_0 * 2 ** this.map.getZoom()
        : 0,
      project: (lng, lat) => this.map.project([lng, lat]),
    });
    context.clearRect(0, 0, width, height);
    for (const p of this.placed) this.paint(context, p);
    if (this.changed) {
      this.changed = false;
      for (const listener of this.drawnListeners) listener();
    }
  };

  private paint(context: CanvasRenderingContext2D, { marker, x, y }: PlacedMarker) {
    if (marker.kind === 'cluster') {
      circle(context, x, y, clusterRadius(marker.count));
      context.globalAlpha = CLUSTER_LOOK.opacity;
      context.fillStyle = CLUSTER_LOOK.fill;
      context.fill();
      context.globalAlpha = 1;
      context.lineWidth = CLUSTER_LOOK.stroke;
      context.strokeStyle = CLUSTER_LOOK.strokeColour;
      context.stroke();
      return;
    }
    if (marker.id === this.selectedId) {
      circle(context, x, y, RING_LOOK.radius);
      context.lineWidth = RING_LOOK.stroke;
      context.strokeStyle = RING_LOOK.colour;
      context.stroke();
    }
    circle(context, x, y, MARKER_LOOK.radius);
    context.fillStyle = marker.colour;
    context.fill();
    context.lineWidth = MARKER_LOOK.stroke;
    context.strokeStyle = MARKER_LOOK.strokeColour;
    context.stroke();
  }

  /** The 2D context and the map's size in CSS pixels, the canvas matching it and its pixel ratio. */
  private sized() {
    const { clientWidth: width, clientHeight: height } = this.map.getContainer();
    const ratio = this.map.getPixelRatio();
    const pixelWidth = Math.round(width * ratio);
    const pixelHeight = Math.round(height * ratio);
    if (this.canvas.width !== pixelWidth || this.canvas.height !== pixelHeight) {
      this.canvas.width = pixelWidth;
      this.canvas.height = pixelHeight;
      this.canvas.style.width = `${width}px`;
      this.canvas.style.height = `${height}px`;
    }
    const context = this.canvas.getContext('2d');
    if (!context) return null;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    return { context, width, height };
  }
}

function circle(context: CanvasRenderingContext2D, x: number, y: number, radius: number) {
  context.beginPath();
  context.arc(x, y, radius, 0, 2 * Math.PI);
}
