/**
 * The shared map (STYLE.md: one map instance, layers as components). Import from
 * 'map' only: everything here pulls in MapLibre, so load screens that use it lazily.
 */
export { FleetMap, DOUBLE_CLICK_WAIT_MS, type FleetMapProps } from './FleetMap';
export { useFleetMap, type FleetMapApi, type LegendSection } from './context';
export { TrackersLayer, CLUSTER_RADIUS, type TrackersLayerProps } from './layers/TrackersLayer';
export { AccuracyLayer } from './layers/AccuracyLayer';
export {
  AnchorsLayer,
  ANCHOR_CLUSTER_RADIUS,
  ANCHOR_FLY_MS,
  ANCHOR_FLY_ZOOM,
  type AnchorsLayerProps,
} from './layers/AnchorsLayer';
export {
  ShipmentsLayer,
  SHIPMENT_CLUSTER_RADIUS,
  type ShipmentsLayerProps,
} from './layers/ShipmentsLayer';
export { TrailLayer, TRAIL_MIN_ZOOM } from './layers/TrailLayer';
export { FilteredFixesLayer } from './layers/FilteredFixesLayer';
export { PlannedRouteLayer } from './layers/PlannedRouteLayer';
export {
  ShipmentMarkerLayer,
  type ShipmentMarker,
  type ShipmentMarkerLayerProps,
} from './layers/ShipmentMarkerLayer';
export { ReplayMarkerLayer, type ReplayMarker } from './layers/ReplayMarkerLayer';
export { FollowCamera, type FollowCameraProps } from './FollowCamera';
export { StopsLayer, STOP_RADIUS_KM } from './layers/StopsLayer';
export {
  GeofencesLayer,
  DEFAULT_GEOFENCE_RADIUS_KM,
  type GeofencesLayerProps,
} from './layers/GeofencesLayer';
export { DrawLayer } from './layers/LazyDrawLayer';
export type { DrawLayerProps } from './layers/DrawLayer';
export { shapeOfFeature, type DrawnShape, type DrawTool } from './drawnShape';
export {
  MapCamera,
  FIT_MAX_ZOOM,
  SINGLE_POINT_ZOOM,
  SHAPE_MAX_ZOOM,
  type MapCameraProps,
} from './MapCamera';
export { FRAME_MARGIN_SHARE, framePadding } from './framing';
export { MIN_SHAPE_PX } from './smallShapes';
export { INITIAL_CENTER, INITIAL_ZOOM, MIN_ZOOM } from './sharedMap';
export type {
  Basemap,
  MapAnchor,
  MapGeofence,
  MapMode,
  MapShipment,
  MapStop,
  MapTracker,
  RouteStop,
  TrailColumns,
  TrailPoint,
} from './types';
export { trailColumnsOf } from './trailColumns';
