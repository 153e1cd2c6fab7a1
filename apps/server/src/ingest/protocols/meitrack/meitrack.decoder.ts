import { asBuffer } from '../bytes';
import type { DecodedMessage, TcpProtocol } from '../types';
import { readAaa, readCce } from './meitrack.fields';
import { readMeitrackFrame } from './meitrack.frame';
import type { MeitrackFrame } from './meitrack.frame';

/**
 * Meitrack units over TCP (port 5020), per the "Meitrack GPRS Protocol": AAA reports (text)
 * and CCE cached-data reports (binary). The protocol does not answer either; a unit's answer
 * to a command (`<type>,OK` and the like) is passed on as the command's response.
 */
export interface MeitrackSession {
  serial?: string;
}

/** Report types that carry positions; everything else from the unit answers a command. */
const POSITION_TYPES = new Set(['AAA', 'AFF', 'CCE']);
/** Types the decoder does not read: the older binary CCC, photo packets, file transfer. */
const UNREAD = new Set(['CCC', 'D00', 'D01', 'D02', 'FC0', 'FC1', 'FC2', 'FC3', 'FC4']);

export const meitrackProtocol: TcpProtocol<MeitrackSession> = {
  name: 'meitrack',
  createSession: () => ({}),
  decode(session, buffer, now) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    let consumed = 0;
    for (;;) {
      const read = readMeitrackFrame(buf.subarray(consumed));
      if (!read) break;
      if ('padding' in read) {
        consumed += read.padding;
        continue;
      }
      consumed += read.frame.size;
      messages.push(decodeFrame(session, read.frame, now));
    }
    return { consumed, messages };
  },
};

function decodeFrame(session: MeitrackSession, frame: MeitrackFrame, now: Date): DecodedMessage {
  const serial = frame.imei;
  session.serial = serial;
  const message: DecodedMessage = { serial, positions: [] };
  if (frame.type === 'CCE') {
    const { fixes } = readCce(frame.data);
    return { ...message, positions: fixes.map((fix) => ({ serial, ...fix })) };
  }
  if (POSITION_TYPES.has(frame.type)) {
    const fields = frame.data.toString('latin1').split(',');
    // AFF (geofence report) puts a fence number before the AAA fields.
    const fix = readAaa(frame.type === 'AFF' ? fields.slice(1) : fields, now);
    return { ...message, positions: [{ serial, ...fix }] };
  }
  if (UNREAD.has(frame.type)) return message;
  const answer = frame.data.toString('latin1');
  return { ...message, commandResponse: answer ? `${frame.type},${answer}` : frame.type };
}
