import { describe, expect, it } from 'vitest';
import { FUZZ_BUDGET, fuzzDecoder } from '../fuzz';
import { navtelecomProtocol } from './navtelecom.decoder';
import { NAVTELECOM_PACKETS, TRACCAR } from './navtelecom.fixtures';

// Mutations, truncations and chunked deliveries of every real packet of navtelecom.fixtures.ts
// (Traccar's captures and the maker's wiki examples), and random bytes, on a connection whose
// unit has named itself and negotiated the Traccar capture's 56 fields (and on a fresh one).
const NOW = new Date('2024-05-01T12:00:00Z');
const packets = NAVTELECOM_PACKETS.map((h) => Buffer.from(h, 'hex'));

describe('Navtelecom decoder under fuzzing', () => {
  it('throws nothing but ProtocolError, hands on no impossible fix, and decodes chunks as the whole', () => {
    const report = fuzzDecoder({
      protocol: navtelecomProtocol,
      packets,
      newSession: () => {
        const session = navtelecomProtocol.createSession();
        const handshakes = Buffer.from(TRACCAR.identification + TRACCAR.negotiation30, 'hex');
        navtelecomProtocol.decode(session, handshakes, NOW);
        return session;
      },
      now: NOW,
    });
    expect(report.runs).toBe(4 * FUZZ_BUDGET.runsPerProperty);
    // The inputs reached the records, not only the framing errors.
    expect(report.positions).toBeGreaterThan(FUZZ_BUDGET.runsPerProperty);
  });
});
