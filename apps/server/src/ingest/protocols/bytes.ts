import { ProtocolError } from './types';

/** Hex dump used for ids built from raw bytes (BCD IMEIs, beacon UUIDs). */
export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

/** Wraps any Uint8Array as a Buffer without copying. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Big-endian cursor over one frame. Every read is bounds-checked so that a length field that
 * lies about its content becomes a ProtocolError instead of a RangeError or garbage values.
 */
export class ByteReader {
  private pos = 0;

  constructor(
    private readonly buf: Buffer,
    private readonly context: string,
  ) {}

  get offset(): number {
    return this.pos;
  }

  get remaining(): number {
    return this.buf.length - this.pos;
  }

  private take(n: number): number {
    if (n > this.remaining) {
      throw new ProtocolError(
        `${this.context}: needs ${n} more byte(s) at offset ${this.pos} but only ${this.remaining} remain`,
      );
    }
    const at = this.pos;
    this.pos += n;
    return at;
  }

  u8(): number {
    return this.buf.readUInt8(this.take(1));
  }
  i8(): number {
    return this.buf.readInt8(this.take(1));
  }
  u16(): number {
    return this.buf.readUInt16BE(this.take(2));
  }
  i16(): number {
    return this.buf.readInt16BE(this.take(2));
  }
  u24(): number {
    return this.buf.readUIntBE(this.take(3), 3);
  }
  u32(): number {
    return this.buf.readUInt32BE(this.take(4));
  }
  i32(): number {
    return this.buf.readInt32BE(this.take(4));
  }
  u64(): bigint {
    return this.buf.readBigUInt64BE(this.take(8));
  }
  bytes(n: number): Buffer {
    const at = this.take(n);
    return this.buf.subarray(at, at + n);
  }
  skip(n: number): void {
    this.take(n);
  }
  /** The bytes not read yet; reads nothing. */
  rest(): Buffer {
    return this.buf.subarray(this.pos);
  }
  /** Whether `prefix` is next, `at` bytes ahead; reads nothing. */
  startsWith(prefix: Uint8Array, at = 0): boolean {
    const from = this.pos + at;
    if (from + prefix.length > this.buf.length) return false;
    for (let i = 0; i < prefix.length; i++) if (this.buf[from + i] !== prefix[i]) return false;
    return true;
  }
}
