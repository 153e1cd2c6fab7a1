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
  /** dBm (negative), where the device reports it. */
  rssi?: number;
}

export interface WifiAccessPoint {
  /** Lower-case, colon-separated: `00:18:01:eb:40:39`. */
  mac: string;
  /** dBm (negative), where the device reports it. */
  rssi?: number;
}

/**
 * What a tracker heard without a GPS fix (GT06 0x28 / 0x2C): the towers and access points a
 * cell geolocation service can turn into a location.
 */
export interface RadioScan {
  /** When the device heard them. */
  time: Date;
  /** GSM (2G), LTE, ... when the protocol says; a geolocation service may use it. */
  radioType?: 'gsm' | 'wcdma' | 'lte';
  /** Serving cell first. */
  cells: CellTower[];
  wifi: WifiAccessPoint[];
}

/**
 * Device state reported without a location (GT06 heartbeat, LBS-only alarm, information packet).
 * It carries no coordinates, so it is not a position; the pipeline merges it into the device.
 */
export type DeviceStatus = {
  serial: string;
  time: Date;
  /** The SIM card's ICCID (19 or 20 digits), as the tracker reports it. */
  iccid?: string;
  /** Volts of the vehicle or charger the tracker is wired to. */
  externalVoltage?: number;
} & Pick<
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
