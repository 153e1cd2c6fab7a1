/**
 * The pipeline's input: what a tracker reported, as a protocol decoded it. Every source of
 * positions (device listeners, the API's batch upload, the demo seed, the benchmarks) hands
 * these to `PositionPipeline.submit`, the one entry of the position path.
 */
/** One fix as a protocol reported it, before normalisation (units are the protocol's, made explicit). */
export interface RawPosition {
  /** IMEI / unique id the tracker sends. */
  serial: string;
  /** Fix time from the device. */
  deviceTime: Date;
  lat: number;
  lng: number;
  /** GPS fix valid flag where the protocol has one. */
  valid: boolean;
  fix: 'gps' | 'wifi' | 'cell' | 'ble';
  speed?: number;
  speedUnit?: 'kmh' | 'knots' | 'mps';
  course?: number;
  altitude?: number;
  /** Metres. */
  accuracy?: number;
  satellites?: number;
  /** Percent. */
  battery?: number;
  /** Volts. */
  batteryVoltage?: number;
  charging?: boolean;
  ignition?: boolean;
  motion?: boolean;
  gsmSignal?: number;
  /** °C. */
  temperature?: number;
  humidity?: number;
  alarm?: Alarm;
  bleBeacons?: BleBeacon[];
  cell?: CellTower;
  /** Anything else decoded (IO ids etc.). */
  attributes?: Record<string, number | string | boolean>;
}

export type Alarm =
  'sos' | 'tamper' | 'powerCut' | 'lowBattery' | 'overspeed' | 'vibration' | 'geofence' | 'other';

export interface BleBeacon {
  id: string;
  rssi?: number;
  /** Volts, where the beacon reports it. */
  batteryVoltage?: number;
}

export interface CellTower {
  mcc: number;
  mnc: number;
  lac: number;
  cid: number;
}

/**
 * Device state reported without a location (GT06 heartbeat, LBS-only alarm). It carries no
 * coordinates, so it is not a position; the pipeline may merge it into the device's latest state.
 */
export type DeviceStatus = { serial: string; time: Date } & Pick<
  RawPosition,
  | 'battery'
  | 'batteryVoltage'
  | 'charging'
  | 'ignition'
  | 'gsmSignal'
  | 'alarm'
  | 'cell'
  | 'attributes'
>;
