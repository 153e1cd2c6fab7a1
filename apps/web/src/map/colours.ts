import {
  SHIPMENT_MARKER_COLOURS,
  SHIPMENT_STATUS_LABELS,
  SHIPMENT_STATUSES,
  type MarkerColour,
  type ShipmentStatus,
  type SpeedColour,
} from '@waymark/domain';

/** Screen colours of the domain's marker colour names (spec 000 §4). */
export const MARKER_HEX: Record<MarkerColour, string> = {
  red: '#e03131',
  yellow: '#f59f00',
  gray: '#868e96',
  green: '#2f9e44',
  blue: '#1c7ed6',
};

export const MARKER_LEGEND: { colour: MarkerColour; label: string }[] = [
  { colour: 'blue', label: 'Reporting' },
  { colour: 'green', label: 'Inside a geofence' },
  { colour: 'gray', label: 'Report overdue' },
  { colour: 'yellow', label: 'Not moved for 14+ days' },
  { colour: 'red', label: 'Not moved for 28+ days' },
];

/** A shipment's marker by status (spec 001 §4), one legend line per colour. */
export const SHIPMENT_LEGEND: { colour: MarkerColour; label: string }[] = [
  ...new Set(SHIPMENT_STATUSES.map((s) => SHIPMENT_MARKER_COLOURS[s])),
].map((colour) => ({
  colour,
  label: SHIPMENT_STATUSES.filter((s) => SHIPMENT_MARKER_COLOURS[s] === colour)
    .map((s) => SHIPMENT_STATUS_LABELS[s])
    .join(', '),
}));

export const SPEED_HEX: Record<SpeedColour, string> = {
  red: '#e03131',
  orange: '#f76707',
  dark: '#212529',
  white: '#ffffff',
};

export const ACCURACY_HEX = { cell: '#7048e8', wifi: '#1098ad' } as const;
export const STOP_HEX = '#c2255c';
export const GEOFENCE_HEX = '#2b8a3e';
export const CLUSTER_HEX = '#1864ab';
export const ANCHOR_HEX = '#9c36b5';

/** A shipment's marker colour by status (spec 001 §4), in the trackers' shades. */
export const shipmentHex = (status: ShipmentStatus) => MARKER_HEX[SHIPMENT_MARKER_COLOURS[status]];
export const ROUTE_HEX = '#4c6ef5';
