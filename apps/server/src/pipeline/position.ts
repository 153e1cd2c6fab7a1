import type { Alarm } from '@waymark/domain';

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
}

/** What the pipeline remembers of a device between batches (also stored as its current position). */
export interface DeviceState {
  lastFixTime: Date;
  lat: number;
  lng: number;
  fix: Fix;
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
}
