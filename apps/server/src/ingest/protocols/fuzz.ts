import fc from 'fast-check';
import { impossibility } from './plausibility';
import { ProtocolError } from './types';
import type { DecodedMessage, TcpProtocol } from './types';

/**
 * Property-based fuzzing of a TCP protocol decoder from real packets, for its test file:
 *
 *   const report = fuzzDecoder({ protocol: gt06Protocol, packets, newSession: loggedIn });
 *
 * Four properties, each run `runsPerProperty` times: real packets with bytes flipped, set,
 * inserted or deleted; real packets cut short or started in the middle; random bytes; and real
 * packets delivered in random chunks, which must decode exactly as when delivered whole. In all
 * of them the decoder may only throw its protocol error (the listener closes the connection),
 * must account for the bytes it consumed, and must never hand on an impossible fix (see
 * plausibility.ts: latitude/longitude out of range, NaN, a time that is not a real date, an
 * absurd speed). A decoder that loops forever never returns, and the test runner's timeout
 * fails the test. A failure names the property, the input, and the seed and path to replay it
 * (pass them as the budget's `seed`; the path is fast-check's `path` parameter).
 */
export interface FuzzSubject<S> {
  protocol: TcpProtocol<S>;
  /** Real packets as devices send them, after whatever `newSession` has set up. */
  packets: readonly Uint8Array[];
  /** The session the packets expect (logged in, say); by default `protocol.createSession()`. */
  newSession?: () => S;
  /** The only error the decoder may throw; ProtocolError by default. */
  errorType?: abstract new (...args: never[]) => Error;
  /** The server clock passed to the decoder. */
  now?: Date;
  /**
   * Each input is one whole datagram (a UDP form that reads a datagram as complete): nothing
   * arrives in chunks, so the chunked property is left out and `runs` counts three properties.
   */
  datagrams?: boolean;
}

export interface FuzzBudget {
  runsPerProperty: number;
  /** Replays a failure fast-check reported; random otherwise. */
  seed?: number;
}

/** What every decoder test runs: 4 properties × 500 generated cases. */
export const FUZZ_BUDGET: FuzzBudget = { runsPerProperty: 500 };

/** What the fuzzing did, so a test can check that it reached the decoder's paths. */
export interface FuzzReport {
  /** Generated cases: 4 properties × runsPerProperty. */
  runs: number;
  /** Deliveries to the decoder (the chunked property delivers each case twice). */
  inputs: number;
  decodeCalls: number;
  messages: number;
  positions: number;
  /** Inputs on which the decoder threw its protocol error (a connection would close). */
  refused: number;
}

const INTERESTING_BYTES = [0x00, 0x01, 0x0a, 0x0d, 0x78, 0x79, 0x7f, 0x80, 0xfe, 0xff];

type Edit =
  | { kind: 'flip'; at: number; bit: number }
  | { kind: 'set' | 'insert'; at: number; value: number }
  | { kind: 'delete'; at: number };

export function fuzzDecoder<S>(subject: FuzzSubject<S>, budget = FUZZ_BUDGET): FuzzReport {
  if (subject.packets.length === 0) throw new Error('fuzzDecoder needs at least one real packet');
  const report: FuzzReport = {
    runs: 0,
    inputs: 0,
    decodeCalls: 0,
    messages: 0,
    positions: 0,
    refused: 0,
  };
  const run = <T>(name: string, property: fc.IProperty<T>) => {
    const details = fc.check(property, {
      numRuns: budget.runsPerProperty,
      ...(budget.seed !== undefined && { seed: budget.seed }),
    });
    if (details.failed) {
      const cause =
        details.errorInstance instanceof Error ? details.errorInstance.message : 'failed';
      throw new Error(
        `${subject.protocol.name} ${name}: ${cause}\n  input: ${fc.stringify(details.counterexample)}\n  replay: { seed: ${details.seed}, path: "${details.counterexamplePath}" }`,
      );
    }
    report.runs += budget.runsPerProperty;
  };
  const byte = fc.oneof(fc.constantFrom(...INTERESTING_BYTES), fc.integer({ min: 0, max: 255 }));
  const packet = fc.nat({ max: subject.packets.length - 1 }).map((i) => subject.packets[i]!);
  const edit: fc.Arbitrary<Edit> = fc.oneof(
    fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), bit: fc.nat({ max: 7 }) }),
    fc.record({
      kind: fc.constantFrom('set' as const, 'insert' as const),
      at: fc.nat(),
      value: byte,
    }),
    fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  );

  run(
    'mutated packets',
    fc.property(packet, fc.array(edit, { minLength: 1, maxLength: 6 }), (bytes, edits) => {
      deliverChecked(subject, [mutate(bytes, edits)], report);
    }),
  );
  run(
    'truncated packets',
    fc.property(packet, fc.nat(), fc.boolean(), (bytes, cut, keepHead) => {
      const at = cut % (bytes.length + 1);
      const part = keepHead ? bytes.subarray(0, at) : bytes.subarray(at);
      deliverChecked(subject, [part], report);
    }),
  );
  run(
    'random bytes',
    fc.property(fc.uint8Array({ maxLength: 512 }), fc.boolean(), (bytes, fresh) => {
      deliverChecked(subject, [bytes], report, fresh);
    }),
  );
  if (subject.datagrams) return report;
  run(
    'chunked delivery',
    fc.property(
      fc.array(packet, { minLength: 1, maxLength: 5 }),
      fc.array(fc.nat(), { maxLength: 8 }),
      (packets, cuts) => {
        const stream = Buffer.concat(packets);
        const whole = deliverChecked(subject, [stream], report);
        const points = [...new Set(cuts.map((c) => c % (stream.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...points].map((from, i) =>
          stream.subarray(from, points[i] ?? stream.length),
        );
        const chunked = deliverChecked(subject, chunks, report);
        if (!sameMessages(whole, chunked)) {
          throw new Error(
            `delivered in chunks at ${points.join(', ')} the stream decoded differently than whole`,
          );
        }
      },
    ),
  );
  return report;
}

/** Applies edits to a copy; positions wrap around the packet's length. */
function mutate(bytes: Uint8Array, edits: readonly Edit[]): Buffer {
  let out = Buffer.from(bytes);
  for (const e of edits) {
    const at = out.length === 0 ? 0 : e.at % out.length;
    if (e.kind === 'flip' && out.length > 0) out[at] = out[at]! ^ (1 << e.bit);
    else if (e.kind === 'set' && out.length > 0) out[at] = e.value;
    else if (e.kind === 'insert')
      out = Buffer.concat([out.subarray(0, at), Buffer.from([e.value]), out.subarray(at)]);
    else if (e.kind === 'delete') out = Buffer.concat([out.subarray(0, at), out.subarray(at + 1)]);
  }
  return out;
}

interface Delivery {
  messages: DecodedMessage[];
  refused: boolean;
}

/**
 * Feeds chunks as the TCP listener does (what was not consumed waits for the next chunk) and
 * checks every answer. `fresh` uses a new session instead of the prepared one.
 */
function deliverChecked<S>(
  subject: FuzzSubject<S>,
  chunks: readonly Uint8Array[],
  report: FuzzReport,
  fresh = false,
): Delivery {
  const { protocol } = subject;
  const errorType = subject.errorType ?? ProtocolError;
  const now = subject.now ?? new Date('2024-05-01T12:00:00Z');
  const session = fresh || !subject.newSession ? protocol.createSession() : subject.newSession();
  const messages: DecodedMessage[] = [];
  let pending: Buffer = Buffer.alloc(0);
  report.inputs++;
  for (const chunk of chunks) {
    pending = Buffer.concat([pending, chunk]);
    report.decodeCalls++;
    let result;
    try {
      result = protocol.decode(session, pending, now);
    } catch (error) {
      if (error instanceof errorType) {
        report.refused++;
        return { messages, refused: true };
      }
      throw error;
    }
    const { consumed } = result;
    if (!Number.isInteger(consumed) || consumed < 0 || consumed > pending.length) {
      throw new Error(`decoder consumed ${consumed} of ${pending.length} byte(s)`);
    }
    if (consumed === 0 && result.messages.length > 0) {
      throw new Error(`decoder returned ${result.messages.length} message(s) but consumed nothing`);
    }
    for (const message of result.messages) checkMessage(message);
    messages.push(...result.messages);
    report.messages += result.messages.length;
    report.positions += result.messages.reduce((n, m) => n + m.positions.length, 0);
    pending = pending.subarray(consumed);
  }
  return { messages, refused: false };
}

function checkMessage(message: DecodedMessage) {
  for (const position of message.positions) {
    const why = impossibility(position);
    if (why) throw new Error(`decoder handed on an impossible fix: ${why}`);
  }
  if (message.status && !Number.isFinite(message.status.time.getTime())) {
    throw new Error('decoder handed on a status whose time is not a date');
  }
  if (message.radio && !Number.isFinite(message.radio.time.getTime())) {
    throw new Error('decoder handed on a radio scan whose time is not a date');
  }
  if (message.reply !== undefined && !(message.reply instanceof Uint8Array)) {
    throw new Error('decoder reply must be bytes');
  }
}

/** Refused either way, or the same messages: where a refusal falls may differ by chunk. */
function sameMessages(a: Delivery, b: Delivery): boolean {
  if (a.refused || b.refused) return a.refused === b.refused;
  return JSON.stringify(a.messages) === JSON.stringify(b.messages);
}
