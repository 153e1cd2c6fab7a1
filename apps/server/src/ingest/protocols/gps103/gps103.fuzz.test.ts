import { describe, it } from 'vitest';
import { fuzzDecoder } from '../fuzz-ascii';
import { gps103Protocol } from './gps103.decoder';
import { GPS103_FIXTURES } from './gps103.fixtures';

// Mutations of the real messages of gps103.fixtures.ts (Traccar's published captures and the
// Coban document's examples), truncations, random bytes and delivery in small chunks.
const fuzz = fuzzDecoder({
  protocol: gps103Protocol,
  fixtures: GPS103_FIXTURES.map((f) => Buffer.from(f.text, 'latin1')),
});

describe('GPS103 decoder under fuzzing', () => {
  it(
    'throws only ProtocolError on mutated real messages, never an impossible position',
    fuzz.mutated,
  );
  it('waits on any truncation of real messages without an error', fuzz.truncated);
  it('throws only ProtocolError on random bytes', fuzz.random);
  it('decodes real messages delivered in chunks of 1-24 bytes as in one piece', fuzz.chunks);
});
