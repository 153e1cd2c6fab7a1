import { describe, it } from 'vitest';
import { fuzzDecoder } from '../fuzz-ascii';
import { meitrackProtocol } from './meitrack.decoder';
import { MEITRACK_FIXTURES } from './meitrack.fixtures';

// Mutations of the real frames of meitrack.fixtures.ts (Traccar's published Meitrack captures,
// text AAA and binary CCE), truncations, random bytes and delivery in small chunks.
const fuzz = fuzzDecoder({
  protocol: meitrackProtocol,
  fixtures: MEITRACK_FIXTURES.filter((f) => f.decodes !== 'nothing').map((f) => f.bytes),
});

describe('Meitrack decoder under fuzzing', () => {
  it(
    'throws only ProtocolError on mutated real frames, never an impossible position',
    fuzz.mutated,
  );
  it('waits on any truncation of real frames without an error', fuzz.truncated);
  it('throws only ProtocolError on random bytes', fuzz.random);
  it('decodes real frames delivered in chunks of 1-24 bytes as in one piece', fuzz.chunks);
});
