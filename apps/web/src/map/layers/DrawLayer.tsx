import { useEffect, useRef, useState } from 'react';
import { TerraDraw, TerraDrawCircleMode, TerraDrawPolygonMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { GEOFENCE_HEX } from '../colours';
import { useFleetMap } from '../context';
import { shapeOfFeature, type DrawnShape, type DrawTool } from '../drawnShape';
import { nextLayerId } from '../useMapLayer';

export interface DrawLayerProps {
  /** The tool in hand; null lets the map pan and click as usual. */
  tool: DrawTool | null;
  /** A finished shape. The layer keeps none: the caller draws it (e.g. with GeofencesLayer). */
  onDraw: (shape: DrawnShape) => void;
}

const colour = GEOFENCE_HEX as `#${string}`;

/**
 * Drawing on the shared map with terra-draw, limited to circles and polygons (spec 000 §5).
 * Circle: click the centre, move, click again. Polygon: click the corners, then the first
 * corner again (or press Enter). Each finished shape is handed over and wiped from terra-draw,
 * so drawing again replaces the earlier shape instead of adding one.
 */
export function DrawLayer({ tool, onDraw }: DrawLayerProps) {
  const { map, onSingleClick, setStat } = useFleetMap();
  const [draw, setDraw] = useState<TerraDraw | null>(null);
  const onDrawRef = useRef(onDraw);
  const toolRef = useRef(tool);

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
      ],
    });
    const finish = (id: string | number, context: { action: string }) => {
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
    draw.setMode(tool ?? 'static');
    setStat('drawing', tool ? 1 : 0);
    if (!tool) return;
    // A double click would zoom instead of placing a corner.
    map.doubleClickZoom.disable();
    return () => map.doubleClickZoom.enable();
  }, [draw, tool, map, setStat]);

  // While a tool is in hand, clicks place corners: no popups, no screen click handlers.
  useEffect(() => onSingleClick(() => toolRef.current !== null, 100), [onSingleClick]);

  return null;
}
