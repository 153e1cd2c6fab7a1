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

/** Malformed input: the listener logs, counts, and closes that connection (or answers 400). */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

/** A framed binary TCP protocol. Pure: no sockets, no clock except what is passed in. */
export interface TcpProtocol<Session> {
  name: string;
  createSession(): Session;
  /**
   * Decodes as many complete frames as `buffer` holds. Returns what was consumed so the caller
   * keeps the rest (split frames), and one message per frame (coalesced frames). Throws
   * ProtocolError for garbage, bad CRC, impossible lengths.
   */
  decode(
    session: Session,
    buffer: Uint8Array,
    now: Date,
  ): { consumed: number; messages: DecodedMessage[] };
}

export interface DecodedMessage {
  positions: RawPosition[];
  /** Bytes to send back. When positions is non-empty the listener sends them only after the positions are durably stored. */
  reply?: Uint8Array;
  /** Set when this frame identified the device (login / IMEI handshake). */
  serial?: string;
  /** Device state without a location (heartbeat, LBS-only alarm). */
  status?: DeviceStatus;
  /** Text the device answered to a command we sent (GT06 0x21/0x15, Teltonika Codec 12). */
  commandResponse?: string;
}
