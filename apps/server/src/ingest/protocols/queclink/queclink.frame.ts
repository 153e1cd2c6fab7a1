import { isFramePadding } from '../ascii-fields';
import { ProtocolError } from '../types';
import { binaryHead, readBinaryFrame } from './queclink-binary.frame';
import type { BinaryFrame } from './queclink-binary.frame';

/**
 * Framing of Queclink's @Track protocol ("@Track Air Interface Protocol", e.g. TRACGL300AN001
 * for the GL300, TRACGV200AN003 for the GV200). A unit sends one of two formats (AT+GTCFG's
 * report format), and may switch between them on one connection: ASCII messages start with
 * `+RESP:`, `+BUFF:` or `+ACK:` and end with `$`; HEX (binary) frames start with a 4-byte head
 * such as `+RSP` and carry their length (queclink-binary.frame.ts).
 */
export type QueclinkFrame =
  | { kind: 'text'; text: string; size: number }
  | { kind: 'binary'; frame: BinaryFrame; size: number }
  | { kind: 'padding'; size: number };

/** CAN and BLE reports of the GV350 run to about 1 KB. */
const MAX_FRAME = 4096;
const END = 0x24; // $
const TEXT_HEADS = ['+RESP:', '+BUFF:', '+ACK:'];
/** Every head of either format, to wait on a head that has not fully arrived. */
const HEADS = [
  ...TEXT_HEADS,
  '+RSP',
  '+BSP',
  '+EVT',
  '+BVT',
  '+INF',
  '+BNF',
  '+HBD',
  '+CRD',
  '+BRD',
  '+LGN',
];
const HEADS_NAMED =
  '+RESP:, +BUFF:, +ACK: (ASCII) or +RSP, +BSP, +EVT, +BVT, +INF, +BNF, +HBD, +ACK (HEX)';

export function readQueclinkFrame(buf: Buffer): QueclinkFrame | undefined {
  if (buf.length === 0) return undefined;
  if (isFramePadding(buf[0])) {
    let size = 1;
    while (size < buf.length && isFramePadding(buf[size])) size++;
    return { kind: 'padding', size };
  }
  const binary = binaryHead(buf);
  if (binary) {
    const frame = readBinaryFrame(buf, binary);
    return frame && { kind: 'binary', frame, size: frame.bytes.length };
  }
  const head = buf.toString('latin1', 0, Math.min(buf.length, 6));
  if (!TEXT_HEADS.some((h) => head.startsWith(h))) {
    // Four bytes of `+ACK` say neither format until the fifth arrives.
    if (HEADS.some((h) => h.startsWith(head))) return undefined;
    throw new ProtocolError(
      `Queclink message must start with ${HEADS_NAMED}, got ${JSON.stringify(head)}`,
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
