import { describe, expect, it } from 'vitest';
import { FUZZ_BUDGET, fuzzDecoder } from '../fuzz';
import { GT06_CAPTURES } from './gt06.captures';
import { gt06Protocol } from './gt06.decoder';
import { encodeGt06Login } from './gt06.device';

const NOW = new Date('2024-05-01T12:00:00Z');
const captures = Object.entries(GT06_CAPTURES)
  .filter(([type]) => !type.startsWith('0x01'))
  .flatMap(([, list]) => list.filter((c) => !c.imei));

describe('GT06 decoder under fuzzing', () => {
  it('throws nothing but ProtocolError, hands on no impossible fix, and decodes chunks as the whole', () => {
    const report = fuzzDecoder({
      protocol: gt06Protocol,
      packets: captures.map((c) => Buffer.from(c.hex, 'hex')),
      newSession: () => {
        const session = gt06Protocol.createSession();
        gt06Protocol.decode(session, encodeGt06Login('359339075012345', 1), NOW);
        return session;
      },
      now: NOW,
    });
    expect(report.runs).toBe(4 * FUZZ_BUDGET.runsPerProperty);
    // The inputs reached the decoding of positions, not only the framing errors.
    expect(report.positions).toBeGreaterThan(FUZZ_BUDGET.runsPerProperty);
  });
});
