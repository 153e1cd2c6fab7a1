import type {
  Anchor,
  ApiStop,
  CurrentPosition,
  DeviceListItem,
  FIXES,
  ShipmentStatus,
} from '@waymark/domain';

export type Fix = (typeof FIXES)[number];

/**
 * cluster: many trackers, clustered; single: one tracker, never clustered; create and edit:
 * geofence drawing (the drawing tools come with the geofence screens).
 */
export type MapMode = 'cluster' | 'single' | 'create' | 'edit';

export type Basemap = 'map' | 'satellite';

/** What the trackers layer needs of a tracker: a device-list row and device details both fit. */
export type MapTracker = Pick<
  DeviceListItem,
  'id' | 'name' | 'expected_report_minutes' | 'subscription_status'
> & {
  current_position: Pick<
    CurrentPosition,
    | 'lat'
    | 'lng'
    | 'address'
    | 'timestamp'
    | 'last_movement_time'
    | 'is_inside_geofences'
    | 'fix'
    | 'accuracy'
  > | null;
};

/** A point of a trail (position history); speed in m/s as the API sends it. */
export interface TrailPoint {
  lat: number;
  lng: number;
  timestamp: string;
  speed: number | null;
  fix: Fix;
  address: string | null;
}

/**
 * A trail as columns, index i of each being point i, oldest first: tracker details hands its
 * history's columns (86,400 fixes for 10 days at 10 s) as they came, with no object per point.
 */
export interface TrailColumns {
  /** Epoch ms. */
  times: ArrayLike<number>;
  lat: ArrayLike<number>;
  lng: ArrayLike<number>;
  /** m/s, as the API sends it. */
  speed: ArrayLike<number | null>;
  fix: ArrayLike<Fix>;
  address: ArrayLike<string | null>;
}

/** A stop as GET .../stops answers it (the domain's type); location is [lng, lat], radius km. */
export type MapStop = ApiStop;

/** A geofence: a circle (lat, lng, radius in km) or, when is_irregular, a GeoJSON polygon. */
export interface MapGeofence {
  id: number;
  name: string;
  lat: number | null;
  lng: number | null;
  radius: number | null;
  is_irregular: boolean;
  geo_json: GeoJSON.Polygon | GeoJSON.MultiPolygon | null;
}

/** A BLE anchor on the map; radius in feet as the API gives it. */
export type MapAnchor = Pick<
  Anchor,
  'id' | 'name' | 'serial' | 'address' | 'lat' | 'lng' | 'radius'
>;

/** A shipment on the map: where it is now (or where it starts) and its status. */
export interface MapShipment {
  id: number;
  name: string;
  status: ShipmentStatus;
  lng: number;
  lat: number;
}

/** One end of a shipment's planned route: where it is, its name, whether to draw it as a point. */
export interface RouteStop {
  lngLat: [number, number];
  name: string;
  /** True for an address; a geofence's shape is drawn by GeofencesLayer instead. */
  point: boolean;
}
