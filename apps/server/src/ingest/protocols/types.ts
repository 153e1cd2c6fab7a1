import type { DeviceStatus, RawPosition } from '@waymark/domain';

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
