import { ProtocolError } from '../types';

/**
 * Terminal parameters of §8.8 (2013 table 12; 2019 keeps the IDs) as the command sender writes
 * them: `<ID>=<value>` pairs separated by `;`, the ID in hexadecimal (`0x0029=30;0x0013=host`).
 * Each value is encoded with its parameter's type; an ID outside the table is a DWORD when its
 * value is a whole number, a STRING otherwise.
 */
type ParamType = 'BYTE' | 'WORD' | 'DWORD' | 'STRING';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

const TYPES = new Map<number, ParamType>([
  // Heartbeat, TCP/UDP/SMS time-outs and retries; server ports; reporting strategy and intervals.
  ...[...range(0x0001, 0x0007), 0x0018, 0x0019, ...range(0x0020, 0x0030)].map(
    (id) => [id, 'DWORD'] as const,
  ),
  // APN, user, password, main and backup server addresses; IC card server; phone numbers.
  ...[
    ...range(0x0010, 0x0017),
    ...range(0x001a, 0x001d),
    ...range(0x0040, 0x0044),
    0x0048,
    0x0049,
    0x0083,
  ].map((id) => [id, 'STRING'] as const),
  // Call limits, alarm masks and switches, speed and driving limits, video and odometer.
  ...[
    ...range(0x0045, 0x0047),
    ...range(0x0050, 0x005a),
    ...range(0x0064, 0x0065),
    ...range(0x0070, 0x0074),
    0x0080,
    0x0093,
    0x0095,
    0x0100,
    0x0102,
  ].map((id) => [id, 'DWORD'] as const),
  // Fence radius, fatigue and collision settings, province and city IDs, CAN intervals.
  ...[0x0031, ...range(0x005b, 0x005e), 0x0081, 0x0082, 0x0101, 0x0103].map(
    (id) => [id, 'WORD'] as const,
  ),
  // Plate colour, GNSS mode, baud rate, output rate, upload mode.
  ...[0x0084, ...range(0x0090, 0x0092), 0x0094].map((id) => [id, 'BYTE'] as const),
]);

const MAX = { BYTE: 0xff, WORD: 0xffff, DWORD: 0xffffffff } as const;

/** Whether a command text is parameter settings rather than a text message. */
export function isParameterText(text: string): boolean {
  return /^\s*(0x)?[0-9a-f]{1,8}\s*=/i.test(text);
}

/** §8.8 0x8103 body: parameter count (1), then each ID (4), length (1) and value. */
export function encodeParameters(text: string): Buffer {
  const pairs = text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  if (pairs.length > 0xff) {
    throw new ProtocolError(
      `JT808 parameter settings hold at most 255 parameters, got ${pairs.length}`,
    );
  }
  const items = pairs.map((pair) => {
    const match = /^(?:0x)?([0-9a-f]{1,8})\s*=\s*(.*)$/i.exec(pair);
    if (!match) {
      throw new ProtocolError(
        `JT808 parameter must be <hex ID>=<value> (0x0029=30), got ${JSON.stringify(pair)}`,
      );
    }
    const id = Number.parseInt(match[1]!, 16);
    const value = match[2]!;
    const type = TYPES.get(id) ?? (/^\d+$/.test(value) ? 'DWORD' : 'STRING');
    return Buffer.concat([u32(id), valueBytes(id, type, value)]);
  });
  return Buffer.concat([Buffer.from([items.length]), ...items]);
}

function valueBytes(id: number, type: ParamType, value: string): Buffer {
  const name = `JT808 parameter 0x${id.toString(16).padStart(4, '0')}`;
  if (type === 'STRING') {
    if (!/^[\x20-\x7e]*$/.test(value) || value.length > 0xff) {
      throw new ProtocolError(
        `${name} must be up to 255 printable ASCII characters, got ${JSON.stringify(value)}`,
      );
    }
    return Buffer.concat([Buffer.from([value.length]), Buffer.from(value, 'latin1')]);
  }
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n > MAX[type]) {
    throw new ProtocolError(
      `${name} is a ${type}: a whole number 0 to ${MAX[type]}, got ${JSON.stringify(value)}`,
    );
  }
  const width = type === 'BYTE' ? 1 : type === 'WORD' ? 2 : 4;
  const bytes = Buffer.alloc(1 + width);
  bytes.writeUInt8(width, 0);
  bytes.writeUIntBE(n, 1, width);
  return bytes;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0, 0);
  return b;
}
