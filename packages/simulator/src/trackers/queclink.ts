import {
  encodeQueclinkFri,
  encodeQueclinkHeartbeat,
  encodeQueclinkLowBattery,
  encodeQueclinkSos,
} from '../../../../apps/server/src/ingest/protocols/queclink/queclink.device';
import { toQueclinkLocation } from './messages';
import type { StreamDialect } from './stream-tracker';

/**
 * A Queclink GL300 in ASCII mode with SACK on: GTFRI per fix (GTSOS, GTBPL for alarms), the
 * GTHBD heartbeat; each report's +SACK counts as acknowledged. The count number is the frame's
 * sequence on the connection.
 */
export const queclinkDialect: StreamDialect = {
  name: 'Queclink',
  port: 'queclink',
  fix(serial, fix, sequence) {
    const location = toQueclinkLocation(fix);
    if (fix.alarm === 'sos') return encodeQueclinkSos(serial, location, sequence);
    if (fix.alarm === 'lowBattery') return encodeQueclinkLowBattery(serial, location, sequence);
    return encodeQueclinkFri(serial, location, sequence);
  },
  heartbeat: (serial, last, sequence) => encodeQueclinkHeartbeat(serial, last.time, sequence),
  read(received) {
    const end = received.indexOf(0x24); // $
    if (end < 0) return { consumed: 0 };
    const text = received.toString('latin1', 0, end);
    // +SACK:<count> acknowledges a report; +SACK:GTHBD the heartbeat; AT+GT... is a command.
    return { consumed: end + 1, acked: /^\+SACK:[0-9A-F]{4}$/.test(text) ? 1 : 0 };
  },
};
