import { ProtocolError } from '../types';

/**
 * The FLEX telemetry fields by number (Navtelecom's FLEX parameter table: FLEX 1.0 defines
 * 1–69, 2.0 up to 122, 3.0 up to 255). A record is the fields the unit announced in its
 * `*>FLEX` bitfield, in ascending order, each its fixed size, with no separators: the
 * negotiated bitfield alone says how long a record is and where each field sits. The sizes are
 * the table's as Traccar's NavtelecomProtocolDecoder and Navtrack's decoder both read it (the
 * two agree on all 255), and they frame every public capture exactly.
 */
// prettier-ignore
const SIZE_RUNS: readonly (readonly [from: number, to: number, bytes: number])[] = [
  [1, 1, 4], [2, 2, 2], [3, 3, 4], [4, 8, 1], [9, 13, 4], [14, 14, 2], [15, 16, 4],
  [17, 28, 2], [29, 32, 1], [33, 34, 4], [35, 36, 2], [37, 37, 4], [38, 44, 2], [45, 52, 1],
  [53, 53, 2], [54, 54, 4], [55, 55, 2], [56, 56, 1], [57, 57, 4], [58, 62, 2], [63, 65, 1],
  [66, 66, 2], [67, 67, 4], [68, 68, 2], [69, 69, 1], [70, 70, 8], [71, 71, 2], [72, 72, 1],
  [73, 73, 16], [74, 74, 4], [75, 75, 2], [76, 76, 4], [77, 77, 37], [78, 83, 1], [84, 93, 3],
  [94, 94, 6], [95, 95, 12], [96, 96, 24], [97, 97, 48], [98, 99, 1], [100, 100, 2],
  [101, 101, 1], [102, 103, 4], [104, 104, 1], [105, 105, 4], [106, 106, 2], [107, 107, 6],
  [108, 108, 2], [109, 109, 6], [110, 117, 2], [118, 118, 1], [119, 121, 2], [122, 126, 1],
  [127, 132, 4], [133, 138, 2], [139, 140, 1], [141, 141, 2], [142, 142, 3], [143, 143, 2],
  [144, 145, 1], [146, 146, 3], [147, 166, 2], [167, 170, 1], [171, 171, 2], [172, 174, 4],
  [175, 175, 2], [176, 176, 4], [177, 178, 2], [179, 179, 4], [180, 192, 2], [193, 196, 4],
  [197, 197, 6], [198, 198, 3], [199, 199, 1], [200, 201, 2], [202, 202, 1], [203, 203, 4],
  [204, 204, 5], [205, 206, 4], [207, 222, 1], [223, 237, 2], [238, 252, 4], [253, 255, 8],
];

/** FIELD_SIZE[n] is field n's size in bytes (index 0 unused). */
export const FIELD_SIZE: readonly number[] = (() => {
  const sizes = new Array<number>(256).fill(0);
  for (const [from, to, bytes] of SIZE_RUNS) for (let n = from; n <= to; n++) sizes[n] = bytes;
  return sizes;
})();

/** The FLEX protocol code of `*>FLEX`, and the versions the document lists (1.0, 2.0, 3.0). */
export const FLEX_PROTOCOL = 0xb0;
export const FLEX_VERSIONS = [0x0a, 0x14, 0x1e] as const;

/** What a `*>FLEX` negotiated for the connection. */
export interface FlexLayout {
  protocolVersion: number;
  structVersion: number;
  /** Field numbers present in every record, ascending. */
  fields: number[];
  recordSize: number;
}

/**
 * The body of `*>FLEX`: protocol (0xB0), protocol version, struct version, the bitfield's
 * length in bits, then the bitfield, most significant bit first: bit 7 of the first byte is
 * field 1 (the document's example: `ff fe 30` announces fields 1–15, 19 and 20).
 */
export function readFlexNegotiation(body: Buffer): FlexLayout {
  if (body.length < 10) {
    throw new ProtocolError(
      `*>FLEX must carry protocol, versions and a bitfield, got ${body.length} bytes`,
    );
  }
  const [protocol, protocolVersion, structVersion, bits] = [body[6]!, body[7]!, body[8]!, body[9]!];
  if (protocol !== FLEX_PROTOCOL) {
    throw new ProtocolError(`*>FLEX protocol must be 0xb0 (FLEX), got 0x${protocol.toString(16)}`);
  }
  const versions: readonly number[] = FLEX_VERSIONS;
  if (!versions.includes(protocolVersion) || !versions.includes(structVersion)) {
    throw new ProtocolError(
      `*>FLEX versions must be 10, 20 or 30 (1.0 to 3.0), got ${protocolVersion} and ${structVersion}`,
    );
  }
  const bitfield = body.subarray(10);
  if (bits === 0 || bitfield.length < Math.ceil(bits / 8)) {
    throw new ProtocolError(
      `*>FLEX announces ${bits} bits but carries ${bitfield.length} bytes of bitfield`,
    );
  }
  const fields: number[] = [];
  for (let i = 0; i < bits; i++) {
    if (bitfield[i >> 3]! & (0x80 >> (i & 7))) fields.push(i + 1);
  }
  if (fields.length === 0) throw new ProtocolError('*>FLEX announces no field');
  const recordSize = fields.reduce((sum, n) => sum + FIELD_SIZE[n]!, 0);
  return { protocolVersion, structVersion, fields, recordSize };
}

/** The bitfield announcing `fields` over `bits` bits (the unit's side, for the simulator). */
export function flexBitfield(fields: readonly number[], bits: number): Buffer {
  const out = Buffer.alloc(Math.ceil(bits / 8));
  for (const n of fields) out[(n - 1) >> 3]! |= 0x80 >> ((n - 1) & 7);
  return out;
}
