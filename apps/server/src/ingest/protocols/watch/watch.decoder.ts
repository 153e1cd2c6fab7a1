import type { DeviceStatus } from '@waymark/domain';
import { asBuffer } from '../bytes';
import type { DecodedMessage, TcpProtocol } from '../types';
import { readHealth, readLink, readWatchFix, readWatchState } from './watch.fields';
import { buildWatchFrame, readWatchFrame } from './watch.frame';
import type { WatchFrame } from './watch.frame';

/**
 * The Watch protocol of 3G/4G personal trackers over TCP (port 5093), per the "3G watch
 * communication protocol": the link-keep `LK` is answered `LK` (the watch reconnects without
 * it), an alarm `AL` is answered `AL` (the watch repeats it until then), `TKQ`/`TKQ2` are echoed;
 * positions (`UD`, `UD2`, `UD_LTE`, ...) are not answered. A reply repeats the frame's maker,
 * ID and index.
 */
export interface WatchSession {
  serial?: string;
  /** Maker code and index use of the unit's last frame, so commands are framed as it frames. */
  maker?: string;
  indexed?: boolean;
}

/** Downlink commands the watch echoes when it carried them out (its answer to the sender). */
const COMMAND_ECHOES = new Set([
  'CR',
  'UPLOAD',
  'RESET',
  'POWEROFF',
  'FACTORY',
  'VERNO',
  'TS',
  'MONITOR',
  'CENTER',
  'SOS',
  'SOS1',
  'SOS2',
  'SOS3',
  'FIND',
  'LZ',
]);
const HEALTH = new Set(['PULSE', 'HEART', 'BPHRT', 'BLOOD', 'BTEMP2']);

export const watchProtocol: TcpProtocol<WatchSession> = {
  name: 'watch',
  createSession: () => ({}),
  decode(session, buffer, now) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    let consumed = 0;
    for (;;) {
      const read = readWatchFrame(buf.subarray(consumed));
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

function decodeFrame(session: WatchSession, frame: WatchFrame, now: Date): DecodedMessage {
  const serial = frame.id;
  Object.assign(session, { serial, maker: frame.maker, indexed: frame.index !== undefined });
  const comma = frame.content.indexOf(0x2c);
  const type = frame.content.toString('latin1', 0, comma < 0 ? frame.content.length : comma);
  const upper = type.toUpperCase();
  // Binary content (voice, pictures) is not read as text.
  const fields =
    comma < 0 || upper === 'TK' || upper === 'IMG'
      ? []
      : frame.content.toString('latin1', comma + 1).split(',');
  const reply = (content: string) => buildWatchFrame(frame.maker, frame.id, content, frame.index);
  const message: DecodedMessage = { serial, positions: [] };

  if (upper === 'LK') {
    const { battery, steps } = readLink(fields);
    const status: DeviceStatus = { serial, time: now };
    if (battery !== undefined) status.battery = battery;
    if (steps !== undefined) status.attributes = { steps };
    return { ...message, status, reply: reply('LK') };
  }
  if (upper.startsWith('UD') || upper.startsWith('AL') || upper === 'WT') {
    const isAlarm = upper.startsWith('AL');
    const state = readWatchState(fields, isAlarm);
    const fix = readWatchFix(fields, now, state);
    const result: DecodedMessage = fix
      ? { ...message, positions: [{ serial, ...fix }] }
      : { ...message, status: { serial, time: now, ...state } };
    return isAlarm ? { ...result, reply: reply('AL') } : result;
  }
  if (upper === 'TKQ' || upper === 'TKQ2') return { ...message, reply: reply(type) };
  if (upper === 'INIT') return { ...message, reply: reply('INIT,1') };
  // A voice message in parts: each part is acknowledged so the watch sends the next.
  if (upper === 'JXTK') return { ...message, reply: reply('JXTKR,1') };
  if (HEALTH.has(upper)) {
    const attributes = readHealth(upper, fields);
    return Object.keys(attributes).length > 0
      ? { ...message, status: { serial, time: now, attributes } }
      : message;
  }
  if (COMMAND_ECHOES.has(upper))
    return { ...message, commandResponse: frame.content.toString('latin1') };
  return message;
}
