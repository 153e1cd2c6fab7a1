import { describe, expect, it } from 'vitest';
import { FUZZ_BUDGET, fuzzDecoder } from '../fuzz';
import { JT808_CAPTURES } from './jt808.captures';
import { jt808Protocol } from './jt808.decoder';
import { encodeJt808Heartbeat } from './jt808.device';

// Mutations, truncations and chunked deliveries of every real frame of jt808.captures.ts, and
// random bytes, on a connection whose terminal has been heard (and on a fresh one).
const NOW = new Date('2024-05-01T12:00:00Z');
const packets = Object.values(JT808_CAPTURES).flatMap((list) =>
  list.map((c) => Buffer.from(c.hex, 'hex')),
);

describe('JT808 decoder under fuzzing', () => {
  it('throws nothing but ProtocolError, hands on no impossible fix, and decodes chunks as the whole', () => {
    const report = fuzzDecoder({
      protocol: jt808Protocol,
      packets,
      newSession: () => {
        const session = jt808Protocol.createSession();
        jt808Protocol.decode(
          session,
          encodeJt808Heartbeat({ phone: '13511221122', edition: '2013' }, 1),
          NOW,
        );
        return session;
      },
      now: NOW,
    });
    expect(report.runs).toBe(4 * FUZZ_BUDGET.runsPerProperty);
    // The inputs reached the decoding of positions, not only the framing errors.
    expect(report.positions).toBeGreaterThan(FUZZ_BUDGET.runsPerProperty);
  });
});
