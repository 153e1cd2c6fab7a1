import { useCallback, useMemo } from 'react';
import {
  DrawLayer,
  FleetMap,
  GeofencesLayer,
  MapCamera,
  SHAPE_MAX_ZOOM,
  type DrawnShape,
  type DrawTool,
  type MapGeofence,
} from '../../map';
import { geofencePoints } from './shapeBounds';

/** A drawn shape as the geofences layer draws it. */
export function shapeAsGeofence(shape: DrawnShape, name: string): MapGeofence {
  return shape.kind === 'polygon'
    ? {
        id: 0,
        name,
        lat: null,
        lng: null,
        radius: null,
        is_irregular: true,
        geo_json: shape.polygon,
      }
    : {
        id: 0,
        name,
        lat: shape.lat,
        lng: shape.lng,
        radius: shape.radiusKm,
        is_irregular: false,
        geo_json: null,
      };
}

interface ShapeDrawMapProps {
  mode: 'create' | 'edit';
  tool: DrawTool | null;
  shape: DrawnShape | null;
  name: string;
  onShape: (shape: DrawnShape) => void;
  /** Where to look: the picked address, until there is a shape. */
  focus: { lat: number; lng: number } | null;
  /** Changes when the camera should move (a new address or a loaded geofence). */
  focusKey: string;
}

/** The form's map: the current shape, and the drawing tools of the shared map. */
export function ShapeDrawMap({
  mode,
  tool,
  shape,
  name,
  onShape,
  focus,
  focusKey,
}: ShapeDrawMapProps) {
  const shown = useMemo(
    () => (shape ? [shapeAsGeofence(shape, name || 'New geofence')] : []),
    [shape, name],
  );
  const points = useMemo((): [number, number][] => {
    if (focusKey.startsWith('shape') && shown[0]) return geofencePoints(shown[0]);
    return focus ? [[focus.lng, focus.lat]] : [];
  }, [focus, focusKey, shown]);
  const onDraw = useCallback((next: DrawnShape) => onShape(next), [onShape]);
  return (
    <FleetMap mode={mode} aria-label="Geofence map" legend={false}>
      <GeofencesLayer geofences={shown} />
      <DrawLayer tool={tool} onDraw={onDraw} editing={shape} />
      <MapCamera points={points} fitKey={focusKey} maxZoom={SHAPE_MAX_ZOOM} />
    </FleetMap>
  );
}
