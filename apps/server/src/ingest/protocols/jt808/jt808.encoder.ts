import { ProtocolError } from '../types';
import type { Jt808Session } from './jt808.decoder';
import { buildFrame } from './jt808.frame';
import { encodeParameters, isParameterText } from './jt808.params';

const SET_PARAMETERS = 0x8103;
const TEXT_MESSAGE = 0x8300;
/** §8.28 text flag: bit 0 "emergency", which terminals take as a command to act on. */
const TEXT_FLAG = 0x01;
/** 2019 text type: 1 notice. */
const TEXT_TYPE_NOTICE = 0x01;
const MAX_TEXT = 1000;

/**
 * A command for a JT808 terminal, in its own header edition, with the next platform serial
 * number of its connection:
 *  - `<hex ID>=<value>[;...]` is parameter settings 0x8103 (see jt808.params.ts), e.g.
 *    `0x0029=30` (report every 30 s), `0x0013=track.example.com;0x0018=5015` (server);
 *  - anything else is a text message 0x8300 (flag 0x01, and in 2019 the text type "notice"),
 *    which trackers read as their SMS command language (`RESET#`, `WHERE#`, ...).
 * The terminal answers with its common response 0x0001.
 */
export function encodeJt808Command(session: Jt808Session, text: string): Uint8Array {
  const terminal = session.terminal;
  if (!terminal) {
    throw new ProtocolError('JT808 command cannot be sent before the terminal has sent a message');
  }
  const command = text.trim();
  if (command.length === 0 || command.length > MAX_TEXT || !/^[\x20-\x7e]+$/.test(command)) {
    throw new ProtocolError(
      `JT808 command must be 1 to ${MAX_TEXT} printable ASCII characters, got ${JSON.stringify(text)}`,
    );
  }
  if (isParameterText(command)) {
    const body = encodeParameters(command);
    return buildFrame(terminal, SET_PARAMETERS, session.serialNo++ & 0xffff, body);
  }
  const head = terminal.edition2019 ? [TEXT_FLAG, TEXT_TYPE_NOTICE] : [TEXT_FLAG];
  const body = Buffer.concat([Buffer.from(head), Buffer.from(command, 'latin1')]);
  return buildFrame(terminal, TEXT_MESSAGE, session.serialNo++ & 0xffff, body);
}
