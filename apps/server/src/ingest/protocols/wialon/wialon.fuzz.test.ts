import { describe, expect, it } from 'vitest';
import { FUZZ_BUDGET, fuzzDecoder } from '../fuzz';
import { wialonProtocol } from './wialon.decoder';
import { WIALON_FIXTURES } from './wialon.fixtures';

// Mutations, truncations and chunked deliveries of every real packet of wialon.fixtures.ts
// (Traccar's published captures), and random bytes, on a connection whose unit has logged in
// (and on a fresh one).
describe('Wialon IPS decoder under fuzzing', () => {
  it('throws nothing but ProtocolError, hands on no impossible fix, and decodes chunks as the whole', () => {
    const report = fuzzDecoder({
      protocol: wialonProtocol,
      packets: WIALON_FIXTURES.map((f) => Buffer.from(f.text, 'utf8')),
      newSession: () => ({ serial: '42001300083' }),
    });
    expect(report.runs).toBe(4 * FUZZ_BUDGET.runsPerProperty);
    expect(report.positions).toBeGreaterThan(FUZZ_BUDGET.runsPerProperty);
  });
});
