import { describe, expect, it } from 'vitest';
import { FUZZ_BUDGET, fuzzDecoder } from '../fuzz';
import { jt600Protocol } from './jt600.decoder';
import { JT600_BINARY, JT600_COALESCED, JT600_TEXT, fixtureBytes } from './jt600.fixtures';

// Mutations, truncations and chunked deliveries of every real frame of jt600.fixtures.ts
// (Traccar's published captures, binary and text mixed), and random bytes, on a fresh
// connection and on one whose unit has reported.
describe('JT600 decoder under fuzzing', () => {
  it('throws nothing but ProtocolError, hands on no impossible fix, and decodes chunks as the whole', () => {
    const packets = [
      ...[...JT600_BINARY, ...JT600_TEXT].map(fixtureBytes),
      Buffer.from(JT600_COALESCED, 'hex'),
    ];
    const report = fuzzDecoder({
      protocol: jt600Protocol,
      packets,
      newSession: () => ({ serial: '3120820029' }),
    });
    expect(report.runs).toBe(4 * FUZZ_BUDGET.runsPerProperty);
    // The inputs reached the decoding of records, not only the framing errors.
    expect(report.positions).toBeGreaterThan(FUZZ_BUDGET.runsPerProperty);
  });
});
