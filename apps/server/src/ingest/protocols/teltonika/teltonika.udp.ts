import { asBuffer } from '../bytes';
import { ProtocolError } from '../types';
import type { DecodedMessage, TcpProtocol } from '../types';
import { decodeData, notice } from './teltonika.decoder';
import type { Output } from './teltonika.decoder';

/**
 * Teltonika FMB/FMC over UDP (the TCP port's number, 5027), per the Teltonika wiki "Teltonika
 * Data Sending Protocols", "Codec 8 ... over UDP": every datagram carries the whole story, with
 * no handshake and no CRC: UDP channel header (length 2, counting what follows; packet ID 2;
 * packet type 1), AVL packet header (AVL packet ID 1, IMEI length 2, IMEI), then the data field
 * as over TCP (codec ID .. number of data 2). The server answers each with a UDP channel header
 * (length 5, the same packet ID, type 0x01) and the AVL packet ID and number of accepted records;
 * a device that gets no answer sends the datagram again.
 *
 * Framed by its length field, so the listener and the fuzzing treat it as any framed protocol:
 * the UDP listener hands it one datagram at a time.
 */
export interface TeltonikaUdpSession {
  serial?: string;
}

/** Packet ID 2, packet type 1, AVL packet ID 1, IMEI length 2, and a 3-byte data field at least. */
const MIN_LENGTH = 2 + 1 + 1 + 2 + 1 + 3;
/** The largest UDP payload. */
const MAX_LENGTH = 65_507;

export const teltonikaUdpProtocol: TcpProtocol<TeltonikaUdpSession> = {
  name: 'teltonika',
  createSession: () => ({}),
  decode(session, buffer) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    const out: Output = { notices: undefined };
    let consumed = 0;
    while (buf.length - consumed >= 2) {
      const length = buf.readUInt16BE(consumed);
      if (length < MIN_LENGTH || length > MAX_LENGTH) {
        throw new ProtocolError(
          `Teltonika UDP length ${length} is impossible: must be ${MIN_LENGTH} to ${MAX_LENGTH}`,
        );
      }
      if (buf.length - consumed < 2 + length) break;
      const message = readDatagram(session, buf.subarray(consumed + 2, consumed + 2 + length), out);
      if (message) messages.push(message);
      consumed += 2 + length;
    }
    return out.notices ? { consumed, messages, notices: out.notices } : { consumed, messages };
  },
};

function readDatagram(
  session: TeltonikaUdpSession,
  body: Buffer,
  out: Output,
): DecodedMessage | undefined {
  const packetId = body.readUInt16BE(0);
  const avlPacketId = body.readUInt8(3);
  const imeiLength = body.readUInt16BE(4);
  if (imeiLength < 1 || imeiLength > 20 || 6 + imeiLength + 3 > body.length) {
    throw new ProtocolError(
      `Teltonika UDP IMEI length ${imeiLength} is impossible in a packet of ${body.length} bytes`,
    );
  }
  const imei = body.subarray(6, 6 + imeiLength).toString('latin1');
  if (!/^\d+$/.test(imei)) {
    throw new ProtocolError(`Teltonika UDP IMEI must be ASCII digits, got ${JSON.stringify(imei)}`);
  }
  session.serial = imei;
  try {
    const message = decodeData(body.subarray(6 + imeiLength), imei, out);
    const count = body.readUInt8(6 + imeiLength + 1);
    const { reply: tcpAck, ...rest } = message;
    // AVL records are acknowledged; a command answer (Codec 12 / 13) is not, as over TCP.
    return tcpAck
      ? { ...rest, serial: imei, reply: ack(packetId, avlPacketId, count) }
      : { ...rest, serial: imei };
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    notice(out, 'skipped-frame', `${error.message}; datagram dropped, not acknowledged`);
    return { positions: [], serial: imei };
  }
}

/** UDP channel header (length 5, packet ID, type 0x01), AVL packet ID, number of accepted data. */
function ack(packetId: number, avlPacketId: number, count: number): Uint8Array {
  return Uint8Array.from([0x00, 0x05, packetId >> 8, packetId & 0xff, 0x01, avlPacketId, count]);
}
