import { useEffect, useRef, useState } from 'react';
import {
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
  type GeoJSONStoreFeatures,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { GEOFENCE_HEX } from '../colours';
import { useFleetMap } from '../context';
import { shapeOfFeature, type DrawnShape, type DrawTool } from '../drawnShape';
import { editableFeature } from '../editableFeature';
import { nextLayerId } from '../useMapLayer';

export interface DrawLayerProps {
  /** The tool in hand; null lets the map pan and click as usual. */
  tool: DrawTool | null;
  /** A finished shape. The layer keeps none: the caller draws it (e.g. with GeofencesLayer). */
  onDraw: (shape: DrawnShape) => void;
  /**
   * The shape to edit while no tool is in hand: its corners (a polygon's) or its edge (a
   * circle's) are dragged, and each finished drag is handed over as `onDraw` hands a drawing.
   */
  editing?: DrawnShape | null;
}

/** What select mode finishes when a shape is edited, rather than drawn. */
const EDITS = new Set([
  'dragCoordinate',
  'dragCoordinateResize',
  'dragFeature',
  'insertMidpoint',
  'deleteCoordinate',
]);

const colour = GEOFENCE_HEX as `#${string}`;

/**
 * Drawing on the shared map with terra-draw, limited to circles and polygons (spec 000 §5).
 * Circle: click the centre, move, click again. Polygon: click the corners, then the first
 * corner again (or press Enter). Each finished shape is handed over and wiped from terra-draw,
 * so drawing again replaces the earlier shape instead of adding one. With no tool in hand the
 * shape being edited is held in terra-draw's select mode: drag a corner, a midpoint (a new
 * corner) or a circle's edge, as Traccar's and geojson.io's editors do.
 */
export function DrawLayer({ tool, onDraw, editing = null }: DrawLayerProps) {
  const { map, onSingleClick, setStat } = useFleetMap();
  const [draw, setDraw] = useState<TerraDraw | null>(null);
  const onDrawRef = useRef(onDraw);
  const toolRef = useRef(tool);
  /** The last shape an edit handed over: coming back as `editing`, it is already held. */
  const emitted = useRef<DrawnShape | null>(null);

  useEffect(() => {
    onDrawRef.current = onDraw;
    toolRef.current = tool;
  }, [onDraw, tool]);

  useEffect(() => {
    const styles = {
      fillColor: colour,
      fillOpacity: 0.2,
      outlineColor: colour,
      outlineWidth: 2,
    };
    const instance = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map, prefixId: nextLayerId('draw') }),
      modes: [
        new TerraDrawCircleMode({ styles }),
        new TerraDrawPolygonMode({
          styles: { ...styles, closingPointColor: colour, closingPointWidth: 6 },
        }),
        new TerraDrawSelectMode({
          flags: {
            polygon: {
              feature: {
                draggable: true,
                coordinates: { draggable: true, midpoints: true, deletable: true },
              },
            },
            circle: { feature: { draggable: true, coordinates: { resizable: 'center-fixed' } } },
          },
          styles: {
            selectedPolygonColor: colour,
            selectedPolygonFillOpacity: 0.2,
            selectedPolygonOutlineColor: colour,
            selectedPolygonOutlineWidth: 2,
            selectionPointColor: colour,
            selectionPointWidth: 6,
            midPointColor: colour,
            midPointWidth: 4,
          },
          // The shape stays held: a click beside it must not let it go.
          allowManualDeselection: false,
        }),
      ],
    });
    const finish = (id: string | number, context: { action: string }) => {
      if (EDITS.has(context.action)) {
        const feature = instance.getSnapshotFeature(id);
        const shape = feature ? shapeOfFeature(feature) : null;
        if (shape) {
          emitted.current = shape;
          onDrawRef.current(shape);
        }
        return;
      }
      if (context.action !== 'draw') return;
      const feature = instance.getSnapshotFeature(id);
      const shape = feature ? shapeOfFeature(feature) : null;
      // Outside terra-draw's own event handling: clearing inside it trips its state.
      setTimeout(() => {
        if (instance.enabled) instance.clear();
        if (shape) onDrawRef.current(shape);
      });
    };
    instance.on('ready', () => setDraw(instance));
    instance.on('finish', finish);
    instance.start();
    return () => {
      setDraw(null);
      instance.off('finish', finish);
      if (instance.enabled) instance.stop();
    };
  }, [map]);

  useEffect(() => {
    if (!draw) return;
    const edited = !tool && editing !== null;
    if (edited && editing === emitted.current && draw.getSnapshot().length > 0) return;
    draw.setMode(tool ?? (edited ? 'select' : 'static'));
    setStat('drawing', tool ? 1 : 0);
    setStat('editing', edited ? 1 : 0);
    draw.clear();
    if (edited) {
      const [result] = draw.addFeatures([editableFeature(editing) as GeoJSONStoreFeatures]);
      if (result?.valid) draw.selectFeature(result.id!);
      return;
    }
    if (!tool) return;
    // A double click would zoom instead of placing a corner.
    map.doubleClickZoom.disable();
    return () => map.doubleClickZoom.enable();
  }, [draw, tool, editing, map, setStat]);

  // Test hook: where the edited shape's first corner is on screen at rest (data-edit-corner-x,
  // -y), so a browser test can drag it wherever the camera framed the shape.
  useEffect(() => {
    if (!draw || tool || !editing) return;
    const corner =
      editing.kind === 'polygon'
        ? (editing.polygon.coordinates[0]![0] as [number, number])
        : (editableFeature(editing).geometry.coordinates[0]![0] as [number, number]);
    const publish = () => {
      const { x, y } = map.project(corner);
      setStat('edit-corner-x', Math.round(x));
      setStat('edit-corner-y', Math.round(y));
    };
    publish();
    map.on('idle', publish);
    return () => {
      map.off('idle', publish);
    };
  }, [draw, tool, editing, map, setStat]);

  // While a tool is in hand, clicks place corners: no popups, no screen click handlers.
  useEffect(() => onSingleClick(() => toolRef.current !== null, 100), [onSingleClick]);

  return null;
}
