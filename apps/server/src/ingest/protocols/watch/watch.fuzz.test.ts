import { describe, it } from 'vitest';
import { fuzzDecoder } from '../fuzz-ascii';
import { watchProtocol } from './watch.decoder';
import { WATCH_FIXTURES } from './watch.fixtures';

// Mutations of the real frames of watch.fixtures.ts (Traccar's published watch captures),
// truncations, random bytes and delivery in small chunks.
const fuzz = fuzzDecoder({
  protocol: watchProtocol,
  fixtures: WATCH_FIXTURES.map((f) => Buffer.from(f.text, 'latin1')),
});

describe('Watch decoder under fuzzing', () => {
  it(
    'throws only ProtocolError on mutated real frames, never an impossible position',
    fuzz.mutated,
  );
  it('waits on any truncation of real frames without an error', fuzz.truncated);
  it('throws only ProtocolError on random bytes', fuzz.random);
  it('decodes real frames delivered in chunks of 1-24 bytes as in one piece', fuzz.chunks);
});
