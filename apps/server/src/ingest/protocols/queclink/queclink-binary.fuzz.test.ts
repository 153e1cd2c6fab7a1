import { describe, expect, it } from 'vitest';
import { FUZZ_BUDGET, fuzzDecoder } from '../fuzz';
import { queclinkProtocol } from './queclink.decoder';
import { FRI, HEARTBEAT } from './queclink.fixtures';
import { QUECLINK_BINARY_FIXTURES } from './queclink-binary.fixtures';

// Mutations, truncations and chunked deliveries of every real HEX frame of
// queclink-binary.fixtures.ts (Traccar's GB100 captures, the GV200 document's +HBD) mixed with
// two ASCII messages, as a unit switching format sends them, and random bytes; on a connection
// whose IMEI is known, so the frames that name the unit by device name are read too.
describe('Queclink HEX decoder under fuzzing', () => {
  it('throws nothing but ProtocolError, hands on no impossible fix, and decodes chunks as the whole', () => {
    const packets = [
      ...QUECLINK_BINARY_FIXTURES.map((f) => Buffer.from(f.hex, 'hex')),
      Buffer.from(FRI, 'latin1'),
      Buffer.from(HEARTBEAT, 'latin1'),
    ];
    const report = fuzzDecoder({
      protocol: queclinkProtocol,
      packets,
      newSession: () => ({ serial: '865084030003675' }),
    });
    expect(report.runs).toBe(4 * FUZZ_BUDGET.runsPerProperty);
    // The inputs reached the reading of points, not only the framing errors.
    expect(report.positions).toBeGreaterThan(FUZZ_BUDGET.runsPerProperty);
  });
});
