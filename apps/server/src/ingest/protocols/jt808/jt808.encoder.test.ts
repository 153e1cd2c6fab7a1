import { describe, expect, it } from 'vitest';
import { jt808Protocol } from './jt808.decoder';
import type { Jt808Session } from './jt808.decoder';
import { encodeJt808Command } from './jt808.encoder';
import { buildFrame, readFrame } from './jt808.frame';
import type { Jt808Terminal } from './jt808.frame';
import { platformResponse, registrationResponse } from './jt808.terminal';

/*
 * The platform's messages. The byte-exact 2019 samples are those of the xtream-codec JT808
 * debugger (github.com/makeclan/xtream-codec, codec-utils.ts at commit 13ef920), published with
 * their fields: terminal 00000000013912344329, protocol version 1, platform serial 0.
 */
const TERMINAL_2019: Jt808Terminal = {
  edition2019: true,
  protocolVersion: 1,
  phone: Buffer.from('00000000013912344329', 'hex'),
};
const hexOf = (data: Uint8Array) => Buffer.from(data).toString('hex');

function bodyOf(frame: Uint8Array) {
  const read = readFrame(Buffer.from(frame));
  if (!read || !('frame' in read)) throw new Error('not a frame');
  expect(read.frame.checkValid).toBe(true);
  expect(read.frame.lengthValid).toBe(true);
  return read.frame;
}

function sessionOf(edition2019: boolean): Jt808Session {
  const session = jt808Protocol.createSession();
  const heartbeat = edition2019
    ? '7e0002400001000000000139123443290000377e'
    : '7e0002000004304832546500b7ca7e';
  jt808Protocol.decode(session, Buffer.from(heartbeat, 'hex'), new Date());
  return session;
}

describe('JT808 platform answers', () => {
  it('builds the 2019 common response 0x8001 of the xtream-codec sample', () => {
    const frame = platformResponse(TERMINAL_2019, 0, { serialNo: 0x6f, messageId: 0x0200 });
    expect(hexOf(frame)).toBe('7e8001400501000000000139123443290000006f020000dc7e');
  });

  it('builds the 2019 registration response 0x8100 with its token', () => {
    const frame = registrationResponse(TERMINAL_2019, 0, { serialNo: 0x6f }, 'ok..ok..ok');
    expect(hexOf(frame)).toBe('7e8100400d01000000000139123443290000006f006f6b2e2e6f6b2e2e6f6bd27e');
  });

  it('escapes 7E and 7D between the flags', () => {
    const frame = buildFrame(TERMINAL_2019, 0x8300, 0x7e7d, Buffer.from([0x01, 0x7e, 0x7d]));
    // Serial 7E7D and body 01 7E 7D, escaped.
    expect(hexOf(frame)).toContain('7d027d01017d027d01');
    expect(hexOf(frame).slice(2, -2)).not.toContain('7e');
    expect([...bodyOf(frame).body]).toEqual([0x01, 0x7e, 0x7d]);
  });
});

describe('encodeJt808Command', () => {
  it('sends text as a text message 0x8300: flag 0x01, and in 2019 the text type', () => {
    const v2013 = bodyOf(encodeJt808Command(sessionOf(false), 'WHERE#'));
    expect(v2013.header).toMatchObject({ messageId: 0x8300, edition2019: false, serialNo: 1 });
    expect(v2013.body.toString('latin1')).toBe('\x01WHERE#');
    const v2019 = bodyOf(encodeJt808Command(sessionOf(true), 'RESET#'));
    expect(v2019.header).toMatchObject({
      messageId: 0x8300,
      edition2019: true,
      protocolVersion: 1,
    });
    expect(v2019.body.toString('latin1')).toBe('\x01\x01RESET#');
  });

  it('sends <hex ID>=<value> pairs as parameter settings 0x8103, each in its type', () => {
    const frame = bodyOf(
      encodeJt808Command(sessionOf(false), '0x0029=30;0x0013=track.example.com;0084=1'),
    );
    expect(frame.header.messageId).toBe(0x8103);
    expect(hexOf(frame.body)).toBe(
      '03' +
        '00000029' +
        '04' +
        '0000001e' +
        '00000013' +
        '11' +
        Buffer.from('track.example.com').toString('hex') +
        '00000084' +
        '01' +
        '01',
    );
  });

  it('numbers its messages per connection', () => {
    const session = sessionOf(false);
    const serials = ['A#', 'B#'].map((t) => bodyOf(encodeJt808Command(session, t)).header.serialNo);
    expect(serials).toEqual([1, 2]); // 0 answered the heartbeat
  });

  it('refuses what it cannot send, saying what is allowed', () => {
    expect(() => encodeJt808Command(jt808Protocol.createSession(), 'WHERE#')).toThrow(
      /before the terminal has sent a message/,
    );
    expect(() => encodeJt808Command(sessionOf(false), 'é')).toThrow(/printable ASCII/);
    expect(() => encodeJt808Command(sessionOf(false), '0x0029=fast')).toThrow(
      'JT808 parameter 0x0029 is a DWORD: a whole number 0 to 4294967295, got "fast"',
    );
    expect(() => encodeJt808Command(sessionOf(false), '0x0084=300')).toThrow(/is a BYTE/);
  });
});
