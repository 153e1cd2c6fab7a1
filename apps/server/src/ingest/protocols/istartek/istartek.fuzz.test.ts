import { describe, expect, it } from 'vitest';
import { FUZZ_BUDGET, fuzzDecoder } from '../fuzz';
import { istartekProtocol } from './istartek.decoder';
import { ISTARTEK_FIXTURES } from './istartek.fixtures';

// Mutations, truncations and chunked deliveries of every real frame of istartek.fixtures.ts
// (Traccar's published captures), and random bytes, on a fresh connection and one whose unit
// has reported.
describe('iStartek decoder under fuzzing', () => {
  it('throws nothing but ProtocolError, hands on no impossible fix, and decodes chunks as the whole', () => {
    const report = fuzzDecoder({
      protocol: istartekProtocol,
      packets: ISTARTEK_FIXTURES.map((f) => Buffer.from(f.text, 'latin1')),
      newSession: () => ({ serial: '863911061945394' }),
    });
    expect(report.runs).toBe(4 * FUZZ_BUDGET.runsPerProperty);
    expect(report.positions).toBeGreaterThan(FUZZ_BUDGET.runsPerProperty);
  });
});
