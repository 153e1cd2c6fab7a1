import { describe, it } from 'vitest';
import { fuzzDecoder } from '../fuzz-ascii';
import { queclinkProtocol } from './queclink.decoder';
import { QUECLINK_FIXTURES } from './queclink.fixtures';

// Mutations of the real messages of queclink.fixtures.ts (Traccar's published @Track captures),
// truncations, random bytes and delivery in small chunks.
const fuzz = fuzzDecoder({
  protocol: queclinkProtocol,
  fixtures: QUECLINK_FIXTURES.map((f) => Buffer.from(f.text, 'latin1')),
});

describe('Queclink decoder under fuzzing', () => {
  it(
    'throws only ProtocolError on mutated real messages, never an impossible position',
    fuzz.mutated,
  );
  it('waits on any truncation of real messages without an error', fuzz.truncated);
  it('throws only ProtocolError on random bytes', fuzz.random);
  it('decodes real messages delivered in chunks of 1-24 bytes as in one piece', fuzz.chunks);
});
