import { ByteReader } from '../bytes';
import { ProtocolError } from '../types';
import { buildFrame } from './jt808.frame';
import type { Jt808Header, Jt808Terminal } from './jt808.frame';
import { readId, readText } from './jt808.fields';

/**
 * The terminal's session messages and the platform's answers to them: registration 0x0100 →
 * 0x8100 with the token, authentication 0x0102, the common responses 0x8001 (platform) and
 * 0x0001 (terminal).
 */

export type Jt808Edition = '2011' | '2013' | '2019';

export interface Registration {
  edition: Jt808Edition;
  manufacturer: string;
  model: string;
  terminalId: string;
  plateColour: number;
  plate: string;
}

/**
 * §8.5 registration: province (2), city (2), manufacturer ID, terminal model, terminal ID, plate
 * colour (1), plate (the rest). The widths tell the editions apart: 5 / 8 / 7 bytes in 2011,
 * 5 / 20 / 7 in 2013, 11 / 30 / 30 in 2019 (which also sets the header's version flag).
 */
export function readRegistration(header: Jt808Header, body: Buffer): Registration {
  const [edition, widths] = header.edition2019
    ? (['2019', [11, 30, 30]] as const)
    : body.length >= 4 + 5 + 20 + 7 + 1
      ? (['2013', [5, 20, 7]] as const)
      : (['2011', [5, 8, 7]] as const);
  const r = new ByteReader(body, `JT808 0x0100 (${edition})`);
  r.skip(4); // province and city
  const manufacturer = readText(r.bytes(widths[0]));
  const model = readText(r.bytes(widths[1]));
  const terminalId = readId(r.bytes(widths[2]));
  const plateColour = r.u8();
  return {
    edition,
    manufacturer,
    model,
    terminalId,
    plateColour,
    plate: readText(r.bytes(r.remaining)),
  };
}

export interface Authentication {
  token: string;
  /** 2019 only. */
  imei?: string;
  firmware?: string;
}

/**
 * §8.7 authentication: the token alone (2011, 2013), or its length (1), the token, the IMEI
 * (15) and the software version (20) in 2019.
 */
export function readAuthentication(header: Jt808Header, body: Buffer): Authentication {
  if (!header.edition2019) return { token: readText(body) };
  const r = new ByteReader(body, 'JT808 0x0102 (2019)');
  const token = readText(r.bytes(r.u8()));
  const imei = readText(r.bytes(Math.min(15, r.remaining)));
  const firmware = readText(r.bytes(Math.min(20, r.remaining)));
  return { token, ...(imei && { imei }), ...(firmware && { firmware }) };
}

export const RESULT = { success: 0, failure: 1, wrongMessage: 2, unsupported: 3 } as const;
const RESULT_TEXT = ['succeeded', 'failed', 'message wrong', 'not supported', 'alarm confirmed'];

/** §8.1 terminal common response 0x0001: reply serial (2), reply ID (2), result (1). */
export function readTerminalResponse(body: Buffer): {
  serialNo: number;
  messageId: number;
  result: string;
} {
  if (body.length < 5) {
    throw new ProtocolError(`JT808 0x0001 body must be 5 bytes, got ${body.length}`);
  }
  const code = body.readUInt8(4);
  return {
    serialNo: body.readUInt16BE(0),
    messageId: body.readUInt16BE(2),
    result: RESULT_TEXT[code] ?? `result ${code}`,
  };
}

/** §8.2 platform common response 0x8001: reply serial (2), reply ID (2), result (1). */
export function platformResponse(
  terminal: Jt808Terminal,
  serialNo: number,
  to: Pick<Jt808Header, 'serialNo' | 'messageId'>,
  result: number = RESULT.success,
): Buffer {
  const body = Buffer.alloc(5);
  body.writeUInt16BE(to.serialNo, 0);
  body.writeUInt16BE(to.messageId, 2);
  body.writeUInt8(result, 4);
  return buildFrame(terminal, 0x8001, serialNo, body);
}

/** §8.6 registration response 0x8100: reply serial (2), result (1), then on success the token. */
export function registrationResponse(
  terminal: Jt808Terminal,
  serialNo: number,
  to: Pick<Jt808Header, 'serialNo'>,
  token: string,
): Buffer {
  const body = Buffer.concat([
    Buffer.from([to.serialNo >> 8, to.serialNo & 0xff, RESULT.success]),
    Buffer.from(token, 'latin1'),
  ]);
  return buildFrame(terminal, 0x8100, serialNo, body);
}
