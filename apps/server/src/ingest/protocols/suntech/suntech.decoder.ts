import type { DecodeNotice, DecodedMessage, TcpProtocol } from '../types';
import { asBuffer } from '../bytes';
import { ProtocolError } from '../types';
import { readSuntechFrame } from './suntech.frame';
import {
  LEGACY_TYPES,
  readLegacy,
  readSt4,
  readSt910,
  readUniversal,
  splitHeader,
} from './suntech.reports';

/**
 * Suntech trackers over TCP (port 5011): the ST300 protocol of the SA200, ST300/ST340, ST500
 * and ST600 (`ST300STT;dev;...` status, `EMG` emergency, `EVT` event, `ALT` alert, `ALV`
 * keep-alive), the ST4xx reports, and the universal format of the newer units (`STT;dev;mask;...`,
 * `ALT`, `ALV`). Reports are not answered, except an emergency: the unit repeats an EMG until
 * the server sends `AckEmerg`, which goes out once the EMG is stored. A report that does not
 * read is dropped with a notice and the connection stays open.
 */
export interface SuntechSession {
  serial?: string;
  /** `ST300`, `SA200`, ...; empty for a unit of the universal format. Commands are in its dialect. */
  model?: string;
}

const DEVICE_ID = /^\d{1,15}$/;
/** What starts a Suntech report: a model and a type (`ST300STT`) or a universal type (`STT`). */
const HEADER = /^(?:(?:ST|SA)\d{3}[A-Z]{3}|ST\d{3}|[A-Z]{3})$/;

type Decoded = { message?: DecodedMessage; notice?: DecodeNotice };

export const suntechProtocol: TcpProtocol<SuntechSession> = {
  name: 'suntech',
  createSession: () => ({}),
  decode(session, buffer, now) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    let notices: DecodeNotice[] | undefined;
    let consumed = 0;
    for (;;) {
      const frame = readSuntechFrame(buf.subarray(consumed));
      if (!frame) break;
      consumed += frame.size;
      if (frame.kind !== 'text') continue;
      const { message, notice } = decodeReport(session, frame.text, now);
      if (message) messages.push(message);
      if (notice) (notices ??= []).push(notice);
    }
    return notices ? { consumed, messages, notices } : { consumed, messages };
  },
};

function decodeReport(session: SuntechSession, text: string, now: Date): Decoded {
  const values = text.split(';');
  const header = values[0]!;
  const serial = values[header.startsWith('ST9') ? 2 : 1];
  if (!HEADER.test(header) || serial === undefined || !DEVICE_ID.test(serial)) {
    // After the unit is known, a bent line (or the tail of a report with a line break inside,
    // as the UEX reports of serial accessories carry) is dropped; before, it is not a Suntech unit.
    if (session.serial !== undefined) {
      return { notice: skipped(`line dropped: ${JSON.stringify(text.slice(0, 24))}`) };
    }
    throw new ProtocolError(
      `Suntech report must be <model><type>;<device id>;... or <type>;<device id>;..., got ${JSON.stringify(text.slice(0, 24))}`,
    );
  }
  const universal = header.length === 3;
  const { model, type } = universal ? { model: '', type: header } : splitHeader(header);
  session.serial = serial;
  session.model = model;
  if (type === 'ALV') return { message: { serial, positions: [], status: { serial, time: now } } };
  if (type === 'RES' || type === 'CMD') {
    return { message: { serial, positions: [], commandResponse: values.slice(2).join(';') } };
  }
  try {
    const position =
      header === 'ST910'
        ? readSt910(values)
        : universal
          ? type === 'STT' || type === 'ALT'
            ? readUniversal(type, values, now)
            : undefined
          : model.startsWith('ST4') && type === 'STT'
            ? readSt4(type, values)
            : LEGACY_TYPES.has(type) && !model.startsWith('ST4') && !model.startsWith('ST9')
              ? readLegacy(model, type, values)
              : undefined;
    if (!position) {
      return {
        message: { serial, positions: [] },
        notice: skipped(`${header} reports are not read`),
      };
    }
    const message: DecodedMessage = { serial, positions: [position] };
    if (type === 'EMG')
      message.reply = Buffer.from(`${model}CMD;${serial};02;AckEmerg\r`, 'latin1');
    return { message };
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    return {
      message: { serial, positions: [] },
      notice: skipped(`${header} dropped: ${error.message}`),
    };
  }
}

const skipped = (detail: string): DecodeNotice => ({
  kind: 'skipped-frame',
  detail: `Suntech ${detail}`,
});
