import type { Alarm, FilterReason, SegmentFix, SegmentState } from '@waymark/domain';

export type Fix = 'gps' | 'wifi' | 'cell' | 'ble';

/** The device a report belongs to, as the pipeline needs it. */
export interface DeviceRef {
  id: number;
  accountId: number;
  name: string;
  /**
   * Deactivated (its subscription blocked, by a platform admin's Deactivate or an unpaid
   * renewal): its reports are acknowledged and not stored.
   */
  deactivated?: boolean;
  /** SLA bounds in °C and %, null when off. */
  triggers?: SlaTriggers;
  /** The account's time zone, whose days the daily summaries count (IANA name). */
  zone?: string;
}

export interface SlaTriggers {
  minTemperature: number | null;
  maxTemperature: number | null;
  minHumidity: number | null;
  maxHumidity: number | null;
}

/** A position after normalisation: SI units, known device, plausible fix. */
export interface Position {
  deviceId: number;
  accountId: number;
  fixTime: Date;
  receivedAt: Date;
  lat: number;
  lng: number;
  fix: Fix;
  /** Metres per second. */
  speed: number | null;
  course: number | null;
  altitude: number | null;
  /** Metres. */
  accuracy: number | null;
  /** Percent 0–100. */
  battery: number | null;
  charging: boolean | null;
  /** Where the device reports its ignition (trips follow it then). */
  ignition: boolean | null;
  /** Degrees Celsius. */
  temperature: number | null;
  /** Percent relative humidity. */
  humidity: number | null;
  alarm: Alarm | null;
  attributes: Record<string, number | string | boolean> | null;
  /** Filled by the motion step (metres). */
  odometer: number | null;
  /** Filled by the address step. */
  address: string | null;
  /** Filled by the geofence step. */
  geofenceIds: number[];
  /**
   * Filled by the filter step: null for an accepted fix, else why it cannot be true. A filtered
   * fix is stored with its reason and moves nothing after the filter step.
   */
  filterReason: FilterReason | null;
}

/** What the pipeline remembers of a device between batches (also stored as its current position). */
export interface DeviceState {
  /** The last accepted fix (filtered fixes never get here). */
  lastFixTime: Date;
  lat: number;
  lng: number;
  fix: Fix;
  /** Metres; null when the fix gave none. */
  accuracy: number | null;
  battery: number | null;
  temperature: number | null;
  humidity: number | null;
  odometer: number;
  /** Last point of the odometer's track (non-cell fixes only). */
  odometerPoint: { lat: number; lng: number } | null;
  /** Where the device was when it last moved, any fix and non-cell fixes only. */
  moveAnchor: { lat: number; lng: number };
  moveAnchorWithoutCell: { lat: number; lng: number } | null;
  lastMovementTime: Date | null;
  lastMovementTimeWithoutCell: Date | null;
  geofenceIds: number[];
  /** The trips segmentation's memory (open trip or stop), null before the first GPS fix. */
  segment: SegmentState | null;
  /** The last accepted fix while it may still prove a jump: not yet in the trips. */
  segmentPending: SegmentFix | null;
  /**
   * The state before the last accepted fix, kept only while that fix was a long, fast hop
   * (it may yet prove a jump away and straight back; filter step). Never nested.
   */
  undo: DeviceState | null;
  /** Fixes filtered for speed that agree with one another (filter step). */
  suspect: SpeedSuspect | null;
}

/** Where fixes filtered for speed keep putting the tracker: enough of them and it is there. */
export interface SpeedSuspect {
  time: Date;
  lat: number;
  lng: number;
  count: number;
}
