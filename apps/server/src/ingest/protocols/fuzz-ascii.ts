import fc from 'fast-check';
import { expect } from 'vitest';
import type { DeviceStatus, RawPosition } from '@waymark/domain';
import { ProtocolError, type DecodedMessage, type TcpProtocol } from './types';

/**
 * Property tests for a TCP protocol decoder, fed what a hostile or broken network delivers:
 * real packets with bytes flipped, inserted or cut; random bytes; real streams cut into small
 * chunks. Whatever arrives, decode returns (a hang fails the test by its timeout), throws nothing
 * but ProtocolError, reports a consumed count within the buffer, and never a position or status
 * with an impossible value. Used by the text-protocol families' `*.fuzz.test.ts`.
 */

/** Runs per property: 4 properties, so 2 000 generated inputs per protocol and test run. */
export const FUZZ_RUNS = 500;

const NOW = new Date('2024-05-01T12:00:00Z');

export interface FuzzTarget<S> {
  protocol: TcpProtocol<S>;
  /** Real frames, in an order a device could send them (login first where there is one). */
  fixtures: Buffer[];
  /** Called on a fresh session before the fuzzed bytes, e.g. to log in. */
  prime?: (session: S) => void;
  /**
   * Frames that can follow each other on one connection (default: all fixtures). Runs of them
   * are mutated, truncated and chunked as a stream; a protocol may leave out frames whose
   * length it learns from a connection's first read.
   */
  stream?: Buffer[];
}

/** What a fixture decodes to; see `decodedKind`. */
export type DecodedKind = 'position' | 'status' | 'command response' | 'answered' | 'nothing';

/**
 * What a fixture decodes to, for the fixture tables: a position, a status (state without
 * coordinates), a command response (the unit's answer to a command), answered (identifies the
 * unit and is answered, nothing more: a log-on) or nothing.
 */
export function decodedKind(messages: DecodedMessage[]): DecodedKind {
  if (messages.some((m) => m.positions.length > 0)) return 'position';
  if (messages.some((m) => m.status)) return 'status';
  if (messages.some((m) => m.commandResponse !== undefined)) return 'command response';
  if (messages.some((m) => m.serial !== undefined && m.reply)) return 'answered';
  return 'nothing';
}

/** Feeds `bytes` as the listener does: decode, keep the rest, append the next chunk. */
export function feed<S>(
  protocol: TcpProtocol<S>,
  session: S,
  chunks: readonly Uint8Array[],
): DecodedMessage[] {
  let pending = Buffer.alloc(0);
  const messages: DecodedMessage[] = [];
  for (const chunk of chunks) {
    pending = Buffer.concat([pending, chunk]);
    const { consumed, messages: decoded } = protocol.decode(session, pending, NOW);
    expect(Number.isInteger(consumed) && consumed >= 0 && consumed <= pending.length).toBe(true);
    pending = pending.subarray(consumed);
    messages.push(...decoded);
  }
  return messages;
}

/** Decodes and checks every message; a ProtocolError is an allowed outcome, anything else fails. */
function survives<S>(target: FuzzTarget<S>, chunks: readonly Uint8Array[]): void {
  const session = target.protocol.createSession();
  target.prime?.(session);
  let messages: DecodedMessage[];
  try {
    messages = feed(target.protocol, session, chunks);
  } catch (error) {
    if (error instanceof ProtocolError) return;
    throw error;
  }
  messages.forEach(expectPossible);
}

/** No NaN, no latitude beyond 90°, no negative speed, no invalid date, no serial of nothing. */
export function expectPossible(message: DecodedMessage): void {
  for (const p of message.positions) expectPossiblePosition(p);
  if (message.status) expectPossibleStatus(message.status);
  if (message.serial !== undefined) expect(message.serial).toMatch(/^\S+$/);
  if (message.reply) expect(message.reply.length).toBeGreaterThan(0);
}

function expectPossiblePosition(p: RawPosition): void {
  expect(p.serial).toMatch(/^\S+$/);
  expect(Number.isNaN(p.deviceTime.getTime())).toBe(false);
  expect(Number.isFinite(p.lat) && Math.abs(p.lat) <= 90).toBe(true);
  expect(Number.isFinite(p.lng) && Math.abs(p.lng) <= 180).toBe(true);
  if (p.speed !== undefined) expect(Number.isFinite(p.speed) && p.speed >= 0).toBe(true);
  if (p.course !== undefined) expect(p.course >= 0 && p.course < 360).toBe(true);
  if (p.altitude !== undefined) expect(Number.isFinite(p.altitude)).toBe(true);
  if (p.accuracy !== undefined) expect(Number.isFinite(p.accuracy) && p.accuracy >= 0).toBe(true);
  if (p.satellites !== undefined)
    expect(Number.isInteger(p.satellites) && p.satellites >= 0).toBe(true);
  expectPossibleStatus({ ...p, time: p.deviceTime });
}

function expectPossibleStatus(s: Omit<DeviceStatus, 'serial'> & { serial: string }): void {
  expect(s.serial).toMatch(/^\S+$/);
  expect(Number.isNaN(s.time.getTime())).toBe(false);
  if (s.battery !== undefined) expect(s.battery >= 0 && s.battery <= 100).toBe(true);
  if (s.batteryVoltage !== undefined) expect(Number.isFinite(s.batteryVoltage)).toBe(true);
  if (s.gsmSignal !== undefined) expect(Number.isFinite(s.gsmSignal)).toBe(true);
  for (const value of Object.values(s.attributes ?? {})) {
    if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
  }
}

/** One edit of a byte string: flip, overwrite, insert, delete or duplicate a range. */
const edit = fc.oneof(
  fc.record({
    kind: fc.constant('flip' as const),
    at: fc.nat(),
    bit: fc.integer({ min: 0, max: 7 }),
  }),
  fc.record({
    kind: fc.constant('set' as const),
    at: fc.nat(),
    value: fc.integer({ min: 0, max: 255 }),
  }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }),
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 8 }),
  }),
  fc.record({
    kind: fc.constant('repeat' as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 16 }),
  }),
  // Printable separators are where a text parser's assumptions live.
  fc.record({
    kind: fc.constant('set' as const),
    at: fc.nat(),
    value: fc.constantFrom(...Buffer.from(',;*#$[]-.:|\r\n 09AFV')),
  }),
);
type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;

function applyEdit(bytes: Buffer, e: Edit): Buffer {
  if (bytes.length === 0) return e.kind === 'insert' ? Buffer.from(e.bytes) : bytes;
  const at = e.at % bytes.length;
  const copy = Buffer.from(bytes);
  switch (e.kind) {
    case 'flip':
      copy[at] = copy[at]! ^ (1 << e.bit);
      return copy;
    case 'set':
      copy[at] = e.value;
      return copy;
    case 'insert':
      return Buffer.concat([copy.subarray(0, at), e.bytes, copy.subarray(at)]);
    case 'delete':
      return Buffer.concat([copy.subarray(0, at), copy.subarray(at + e.length)]);
    case 'repeat':
      return Buffer.concat([copy.subarray(0, at + e.length), copy.subarray(at)]);
  }
}

/** Cuts `bytes` into chunks at the given sizes (cycled), as a slow network delivers them. */
export function chunked(bytes: Buffer, sizes: readonly number[]): Buffer[] {
  const chunks: Buffer[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length] ?? 1);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

/** What a message list says, for comparing whole and chunked delivery. */
function summary(messages: DecodedMessage[]) {
  return messages.map((m) => ({
    serial: m.serial,
    positions: m.positions,
    status: m.status,
    reply: m.reply && Buffer.from(m.reply).toString('latin1'),
    commandResponse: m.commandResponse,
  }));
}

/** A run of up to 6 consecutive frames of the stream, as one connection would carry them. */
function runOf(frames: Buffer[]) {
  return fc
    .tuple(fc.nat({ max: frames.length - 1 }), fc.integer({ min: 1, max: 6 }))
    .map(([from, count]) => Buffer.concat(frames.slice(from, from + count)));
}

/** The four properties, each with FUZZ_RUNS runs, on single fixtures and runs of the stream. */
export function fuzzDecoder<S>(target: FuzzTarget<S>) {
  const frames = target.stream ?? target.fixtures;
  const sample = fc.oneof(fc.constantFrom(...target.fixtures), runOf(frames));
  const sizes = fc.array(fc.integer({ min: 1, max: 24 }), { minLength: 1, maxLength: 12 });
  const fresh = () => {
    const session = target.protocol.createSession();
    target.prime?.(session);
    return session;
  };
  return {
    mutated: () =>
      fc.assert(
        fc.property(
          sample,
          fc.array(edit, { minLength: 1, maxLength: 6 }),
          sizes,
          (bytes, edits, cut) => {
            const mutated = edits.reduce(applyEdit, bytes);
            survives(target, [mutated]);
            survives(target, chunked(mutated, cut));
          },
        ),
        { numRuns: FUZZ_RUNS },
      ),
    truncated: () =>
      fc.assert(
        fc.property(sample, fc.nat(), (bytes, n) => {
          // A frame cut short is one still arriving: it waits, it is not an error.
          const cut = bytes.subarray(0, n % (bytes.length + 1));
          feed(target.protocol, fresh(), [cut]).forEach(expectPossible);
        }),
        { numRuns: FUZZ_RUNS },
      ),
    random: () =>
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 512 }), sizes, (bytes, cut) => {
          survives(target, [Buffer.from(bytes)]);
          survives(target, chunked(Buffer.from(bytes), cut));
        }),
        { numRuns: FUZZ_RUNS },
      ),
    chunks: () =>
      fc.assert(
        fc.property(runOf(frames), sizes, (stream, cut) => {
          const whole = summary(feed(target.protocol, fresh(), [stream]));
          const messages = feed(target.protocol, fresh(), chunked(stream, cut));
          messages.forEach(expectPossible);
          expect(summary(messages)).toEqual(whole);
        }),
        { numRuns: FUZZ_RUNS },
      ),
  };
}
