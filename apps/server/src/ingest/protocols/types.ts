import type { DeviceStatus, RadioScan, RawPosition } from '@waymark/domain';

/** Input that cannot be framed at all: the listener logs, counts, and closes that connection (or answers 400). */
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
   * ProtocolError only for bytes that cannot be framed (garbage, impossible lengths); a frame
   * that is framed but bent (bad CRC, wrong length byte, an undecodable body) is a notice.
   */
  decode(session: Session, buffer: Uint8Array, now: Date): DecodeResult;
}

export interface DecodeResult {
  consumed: number;
  messages: DecodedMessage[];
  /** Decisions taken on bent input; absent on the good path, so it costs nothing there. */
  notices?: DecodeNotice[];
}

/**
 * What a field-proven server tolerates and says so: the listener counts each kind in its
 * metrics and logs the first of each kind once per connection, with the device's serial.
 */
export type DecodeNoticeKind =
  /** A keep-alive byte between frames (Teltonika 0xFF), skipped. */
  | 'keep-alive'
  /** The CRC disagreed; the frame was decoded because its structure held. */
  | 'crc-mismatch'
  /** A length field disagreed with the frame; it was cut at its stop bits instead. */
  | 'resynchronised'
  /** Bytes before a frame's start marker, skipped. */
  | 'skipped-bytes'
  /** A framed message whose body could not be decoded, dropped (the connection stays open). */
  | 'skipped-frame'
  /** One record of a packet rejected (its time is not a real date, its fix is impossible). */
  | 'rejected-record';

export interface DecodeNotice {
  kind: DecodeNoticeKind;
  /** What was wrong and what was done, for the log. */
  detail: string;
}

export interface DecodedMessage {
  positions: RawPosition[];
  /** Bytes to send back. When positions is non-empty the listener sends them only after the positions are durably stored. */
  reply?: Uint8Array;
  /** Set when this frame identified the device (login / IMEI handshake). */
  serial?: string;
  /** Device state without a location (heartbeat, LBS-only alarm). */
  status?: DeviceStatus;
  /**
   * Cell towers and Wi-Fi access points heard, without coordinates (GT06 0x28 / 0x2C). With a
   * cell geolocation adapter the listener turns them into a position; otherwise the status
   * stays what is stored.
   */
  radio?: RadioScan;
  /** Text the device answered to a command we sent (GT06 0x21/0x15, Teltonika Codec 12/13). */
  commandResponse?: string;
}
