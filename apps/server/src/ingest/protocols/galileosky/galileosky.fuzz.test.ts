import { describe, expect, it } from 'vitest';
import { FUZZ_BUDGET, fuzzDecoder } from '../fuzz';
import { GALILEOSKY_FIXTURES } from './galileosky.fixtures';
import { galileoskyProtocol } from './galileosky.decoder';

// Mutations, truncations and chunked deliveries of every real packet of galileosky.fixtures.ts
// (Traccar's published captures), and random bytes, on a connection whose unit sent its head
// packet (and, for the random bytes, on a fresh one too).
const NOW = new Date('2024-05-01T12:00:00Z');
const packets = Object.values(GALILEOSKY_FIXTURES).map((h) => Buffer.from(h, 'hex'));

describe('Galileosky decoder under fuzzing', () => {
  it('throws nothing but ProtocolError, hands on no impossible fix, and decodes chunks as the whole', () => {
    const report = fuzzDecoder({
      protocol: galileoskyProtocol,
      packets,
      newSession: () => {
        const session = galileoskyProtocol.createSession();
        galileoskyProtocol.decode(session, Buffer.from(GALILEOSKY_FIXTURES.headPacket, 'hex'), NOW);
        return session;
      },
      now: NOW,
    });
    expect(report.runs).toBe(4 * FUZZ_BUDGET.runsPerProperty);
    // The inputs reached the records, not only the framing errors.
    expect(report.positions).toBeGreaterThan(FUZZ_BUDGET.runsPerProperty);
  });
});
