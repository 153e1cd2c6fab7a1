import { asBuffer } from '../bytes';
import type { TcpProtocol } from '../types';
import { wialonProtocol } from './wialon.decoder';
import type { WialonSession } from './wialon.decoder';

/**
 * Wialon IPS over UDP (WIALON_PORT, the TCP port's number): each datagram names its unit before
 * the packet (`2.0;imei#D#...`, see wialon.decoder.ts) and is answered as the same packet over TCP
 * would be. The protocol document ends every packet with CR LF, but a datagram is a packet by
 * itself: one whose unit left the line ending off is read as if it were there.
 */
export const wialonUdpProtocol: TcpProtocol<WialonSession> = {
  name: wialonProtocol.name,
  createSession: wialonProtocol.createSession,
  decode(session, buffer, now) {
    const datagram = asBuffer(buffer);
    if (datagram.length === 0 || datagram[datagram.length - 1] === 0x0a) {
      return wialonProtocol.decode(session, datagram, now);
    }
    const decoded = wialonProtocol.decode(session, Buffer.concat([datagram, CRLF]), now);
    return { ...decoded, consumed: Math.min(decoded.consumed, datagram.length) };
  },
};

const CRLF = Buffer.from('\r\n');
