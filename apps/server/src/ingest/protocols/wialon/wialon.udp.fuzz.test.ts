import { describe, expect, it } from 'vitest';
import { FUZZ_BUDGET, fuzzDecoder } from '../fuzz';
import { wialonProtocol } from './wialon.decoder';
import { WIALON_FIXTURES } from './wialon.fixtures';
import { wialonUdpProtocol } from './wialon.udp';

// Every real packet of wialon.fixtures.ts in the UDP form, naming its unit before the packet
// without a version (a 2.0 prefix would demand a CRC16 of the 1.1 captures; the two captures
// that already name their unit are kept as they are), on the fresh session each datagram
// gets: mutated, truncated, random bytes and, as a stream, in chunks; then the same datagrams
// without their line ending, which the UDP form reads as complete (no chunks: a datagram is whole).
const named = WIALON_FIXTURES.map(({ text }) =>
  text.startsWith('#') ? `865905021129390${text}` : text,
);

describe('Wialon IPS UDP decoder under fuzzing', () => {
  it('throws nothing but ProtocolError and hands on no impossible fix, with or without line endings', () => {
    const lines = fuzzDecoder({
      protocol: wialonProtocol,
      packets: named.map((text) => Buffer.from(text, 'utf8')),
    });
    expect(lines.runs).toBe(4 * FUZZ_BUDGET.runsPerProperty);
    expect(lines.positions).toBeGreaterThan(FUZZ_BUDGET.runsPerProperty);

    const bare = fuzzDecoder({
      protocol: wialonUdpProtocol,
      packets: named.map((text) => Buffer.from(text.trimEnd(), 'utf8')),
      datagrams: true,
    });
    expect(bare.runs).toBe(3 * FUZZ_BUDGET.runsPerProperty);
    // Mutated and truncated records reach the decoding of positions (most edits make Wialon's
    // strict fields refuse a record; no chunks here multiply the packets).
    expect(bare.positions).toBeGreaterThan(FUZZ_BUDGET.runsPerProperty / 10);
  });
});
