import { describe, expect, it } from 'vitest';
import { FUZZ_BUDGET, fuzzDecoder } from '../fuzz';
import { TELTONIKA_CAPTURES } from './teltonika.captures';
import { teltonikaProtocol } from './teltonika.decoder';

describe('Teltonika decoder under fuzzing', () => {
  it('throws nothing but ProtocolError, hands on no impossible fix, and decodes chunks as the whole', () => {
    const report = fuzzDecoder({
      protocol: teltonikaProtocol,
      packets: Object.values(TELTONIKA_CAPTURES)
        .flat()
        .map((c) => Buffer.from(c.hex, 'hex')),
      newSession: () => ({ serial: '356307042441013' }),
    });
    expect(report.runs).toBe(4 * FUZZ_BUDGET.runsPerProperty);
    expect(report.positions).toBeGreaterThan(FUZZ_BUDGET.runsPerProperty);
  });
});
