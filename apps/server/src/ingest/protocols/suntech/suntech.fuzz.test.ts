import { describe, expect, it } from 'vitest';
import { FUZZ_BUDGET, fuzzDecoder } from '../fuzz';
import { suntechProtocol } from './suntech.decoder';
import { SUNTECH_FIXTURES } from './suntech.fixtures';

// Mutations, truncations and chunked deliveries of every real report of suntech.fixtures.ts
// (Traccar's published captures), and random bytes, on a fresh connection and one whose unit
// has reported.
describe('Suntech decoder under fuzzing', () => {
  it('throws nothing but ProtocolError, hands on no impossible fix, and decodes chunks as the whole', () => {
    const report = fuzzDecoder({
      protocol: suntechProtocol,
      packets: SUNTECH_FIXTURES.map((f) => f.bytes),
      newSession: () => ({ serial: '205173382', model: 'ST300' }),
    });
    expect(report.runs).toBe(4 * FUZZ_BUDGET.runsPerProperty);
    expect(report.positions).toBeGreaterThan(FUZZ_BUDGET.runsPerProperty);
  });
});
