import { describe, expect, it } from 'vitest';
import { FUZZ_BUDGET, fuzzDecoder } from '../fuzz';
import { TELTONIKA_UDP_CAPTURES } from './teltonika.captures';
import { teltonikaUdpProtocol } from './teltonika.udp';

describe('Teltonika UDP decoder under fuzzing', () => {
  it('throws nothing but ProtocolError, hands on no impossible fix, and decodes chunks as the whole', () => {
    const packets = Object.values(TELTONIKA_UDP_CAPTURES).flatMap((list) =>
      list.map((c) => Buffer.from(c.hex, 'hex')),
    );
    const report = fuzzDecoder({ protocol: teltonikaUdpProtocol, packets });
    expect(report.runs).toBe(4 * FUZZ_BUDGET.runsPerProperty);
    // The inputs reached the decoding of records, not only the framing errors.
    expect(report.positions).toBeGreaterThan(FUZZ_BUDGET.runsPerProperty / 2);
  });
});
