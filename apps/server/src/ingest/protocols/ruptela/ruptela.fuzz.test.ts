import { describe, expect, it } from 'vitest';
import { FUZZ_BUDGET, fuzzDecoder } from '../fuzz';
import { RUPTELA_CAPTURES } from './ruptela.captures';
import { ruptelaProtocol } from './ruptela.decoder';
import { encodeRuptelaHeartbeat } from './ruptela.device';

// Mutations, truncations and chunked deliveries of every real packet of ruptela.captures.ts,
// and random bytes, on a connection whose device has been heard (and on a fresh one).
const NOW = new Date('2024-05-01T12:00:00Z');
const packets = Object.values(RUPTELA_CAPTURES).flatMap((list) =>
  list.map((c) => Buffer.from(c.hex, 'hex')),
);

describe('Ruptela decoder under fuzzing', () => {
  it('throws nothing but ProtocolError, hands on no impossible fix, and decodes chunks as the whole', () => {
    const report = fuzzDecoder({
      protocol: ruptelaProtocol,
      packets,
      newSession: () => {
        const session = ruptelaProtocol.createSession();
        ruptelaProtocol.decode(session, encodeRuptelaHeartbeat('863071016796572'), NOW);
        return session;
      },
      now: NOW,
    });
    expect(report.runs).toBe(4 * FUZZ_BUDGET.runsPerProperty);
    expect(report.positions).toBeGreaterThan(FUZZ_BUDGET.runsPerProperty);
  });
});
