import { describe, expect, it } from 'vitest';
import { FUZZ_BUDGET, fuzzDecoder } from '../fuzz';
import { TOPFLYTECH_CAPTURES, TOPFLYTECH_COALESCED } from './topflytech.captures';
import { topflytechProtocol } from './topflytech.decoder';

// Mutations, truncations and chunked deliveries of every real packet of topflytech.captures.ts
// (Traccar's published captures), and random bytes, on a connection whose unit is known.
describe('Topflytech decoder under fuzzing', () => {
  it('throws nothing but ProtocolError, hands on no impossible fix, and decodes chunks as the whole', () => {
    const packets = [...Object.values(TOPFLYTECH_CAPTURES).flat(), TOPFLYTECH_COALESCED].map((h) =>
      Buffer.from(h, 'hex'),
    );
    const report = fuzzDecoder({
      protocol: topflytechProtocol,
      packets,
      newSession: () => ({ serial: '357367031063979', header: 0x2323 }),
    });
    expect(report.runs).toBe(4 * FUZZ_BUDGET.runsPerProperty);
    // The inputs reached the decoding of reports, not only the framing errors.
    expect(report.positions).toBeGreaterThan(FUZZ_BUDGET.runsPerProperty);
  });
});
