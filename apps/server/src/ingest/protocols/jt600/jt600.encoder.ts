import { ProtocolError } from '../types';
import type { Jt600Session } from './jt600.decoder';

const MAX_COMMAND = 200;

/**
 * A text command for a JT600-family unit, in parentheses as the units take them over GPRS:
 * `S07,0` cuts the engine (output on), `S07,1` restores it, `S17` reboots, `S09,1,<minutes>`
 * sets the time zone (as Traccar's Jt600ProtocolEncoder writes them). A text already in
 * parentheses is sent as written.
 */
export function encodeJt600Command(session: Jt600Session, text: string): Uint8Array {
  if (session.serial === undefined) {
    throw new ProtocolError('JT600 command cannot be sent before the unit has reported');
  }
  const command = text.trim();
  const inner = /^\(.*\)$/.test(command) ? command.slice(1, -1) : command;
  if (inner.length === 0 || inner.length > MAX_COMMAND || !/^[\x20-\x27\x2a-\x7e]+$/.test(inner)) {
    throw new ProtocolError(
      `JT600 command must be 1 to ${MAX_COMMAND} printable ASCII characters without parentheses inside, got ${JSON.stringify(text)}`,
    );
  }
  return Buffer.from(`(${inner})`, 'ascii');
}
