import {
  encodeJt808Authentication,
  encodeJt808Heartbeat,
  encodeJt808Location,
} from '../../../../apps/server/src/ingest/protocols/jt808/jt808.device';
import type { Jt808Unit } from '../../../../apps/server/src/ingest/protocols/jt808/jt808.device';
import { readFrame } from '../../../../apps/server/src/ingest/protocols/jt808/jt808.frame';
import { toJt808Location } from './messages';
import type { StreamDialect } from './stream-tracker';

const AUTHENTICATION = 0x0102;
const LOCATION = 0x0200;

/** A 2019 terminal: the simulator's 15-digit serials fit its BCD[10] phone number. */
const unit = (serial: string): Jt808Unit => ({ phone: serial, edition: '2019' });

/**
 * A JT/T 808-2019 terminal that registered once and kept its token (the server hands out the
 * terminal's own number): it authenticates on connecting, reports a 0x0200 per fix and a
 * heartbeat 0x0002; the platform's common response 0x8001 to a location counts as its ack.
 * Commands from the server are not acted on.
 */
export const jt808Dialect: StreamDialect = {
  name: 'JT808',
  port: 'jt808',
  greeting: (serial) => encodeJt808Authentication(unit(serial), 0, serial, '', 'waymark-sim'),
  fix: (serial, fix, sequence) => encodeJt808Location(unit(serial), toJt808Location(fix), sequence),
  heartbeat: (serial, _last, sequence) => encodeJt808Heartbeat(unit(serial), sequence),
  read(received) {
    if (received[0] !== 0x7e)
      throw new Error(`JT808 answer must start with 7E, got ${received[0]}`);
    const read = readFrame(received);
    if (!read) return { consumed: 0 };
    if (!('frame' in read)) throw new Error('JT808 answer is not a frame');
    const { header, body } = read.frame;
    const consumed = read.frame.size;
    if (header.messageId !== 0x8001 || body.length < 5) return { consumed };
    const answered = body.readUInt16BE(2);
    if (answered === AUTHENTICATION) return { consumed, greeted: true };
    return { consumed, acked: answered === LOCATION ? 1 : 0 };
  },
};
