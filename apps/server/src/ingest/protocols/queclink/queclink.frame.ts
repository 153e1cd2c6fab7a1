import { isFramePadding } from '../ascii-fields';
import { ProtocolError } from '../types';

/**
 * Framing of Queclink's @Track protocol in ASCII mode ("@Track Air Interface Protocol", e.g.
 * TRACGL300AN001 for the GL300, the same for the GV series): a message starts with `+RESP:`,
 * `+BUFF:` or `+ACK:` and ends with `$`. The HEX (binary) mode of the same units is not read.
 */
export type QueclinkFrame =
  { kind: 'text'; text: string; size: number } | { kind: 'padding'; size: number };

/** CAN and BLE reports of the GV350 run to about 1 KB. */
const MAX_FRAME = 4096;
const END = 0x24; // $
const TEXT_HEADS = ['+RESP:', '+BUFF:', '+ACK:'];
/** Heads of the HEX mode: a report mask follows instead of a colon. */
const HEX_HEADS = ['+RSP', '+BSP', '+EVT', '+BVT', '+HBD', '+INF', '+CRD', '+LGN', '+ACK'];

export function readQueclinkFrame(buf: Buffer): QueclinkFrame | undefined {
  if (buf.length === 0) return undefined;
  if (isFramePadding(buf[0])) {
    let size = 1;
    while (size < buf.length && isFramePadding(buf[size])) size++;
    return { kind: 'padding', size };
  }
  const head = buf.toString('latin1', 0, Math.min(buf.length, 6));
  const textHead = TEXT_HEADS.some((h) => h.startsWith(head) || head.startsWith(h));
  if (!textHead) {
    if (buf.length >= 5 && HEX_HEADS.some((h) => head.startsWith(h))) {
      throw new ProtocolError(
        `Queclink message ${JSON.stringify(head.slice(0, 4))} is in HEX mode; Waymark reads the ASCII mode (AT+GTCFG report format)`,
      );
    }
    throw new ProtocolError(
      `Queclink message must start with +RESP:, +BUFF: or +ACK:, got ${JSON.stringify(head)}`,
    );
  }
  const end = buf.indexOf(END);
  if (end >= 0 && end < MAX_FRAME)
    return { kind: 'text', text: buf.toString('latin1', 0, end), size: end + 1 };
  if (end >= MAX_FRAME || buf.length >= MAX_FRAME) {
    throw new ProtocolError(`Queclink message has no '$' within ${MAX_FRAME} bytes`);
  }
  return undefined;
}
