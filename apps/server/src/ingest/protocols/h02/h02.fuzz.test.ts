import { describe, it } from 'vitest';
import { fuzzDecoder } from '../fuzz-ascii';
import { h02Protocol } from './h02.decoder';
import { H02_FIXTURES, h02Bytes } from './h02.fixtures';

// Mutations of the real packets of h02.fixtures.ts (H02 document V1.0.5 examples and Traccar's
// published field captures), truncations, random bytes and delivery in small chunks.
const decoded = H02_FIXTURES.filter((f) => f.decodes !== 'nothing');
const fuzz = fuzzDecoder({
  protocol: h02Protocol,
  fixtures: decoded.map(h02Bytes),
  // One capture leaves its terminal number out: it comes after frames that had one.
  prime: (session) => {
    session.serial = '2705171109';
  },
  // A binary frame's length is learnt from the connection's first read: one connection
  // carries text frames and binary frames of one length.
  stream: decoded.filter((f) => f.text !== undefined || f.hex!.length === 64).map(h02Bytes),
});

describe('H02 decoder under fuzzing', () => {
  it(
    'throws only ProtocolError on mutated real packets, never an impossible position',
    fuzz.mutated,
  );
  it('waits on any truncation of real packets without an error', fuzz.truncated);
  it('throws only ProtocolError on random bytes', fuzz.random);
  it('decodes real packets delivered in chunks of 1-24 bytes as in one piece', fuzz.chunks);
});
