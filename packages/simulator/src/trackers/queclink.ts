import {
  encodeQueclinkFri,
  encodeQueclinkHeartbeat,
  encodeQueclinkLowBattery,
  encodeQueclinkSos,
} from '../../../../apps/server/src/ingest/protocols/queclink/queclink.device';
import {
  encodeQueclinkBinaryFri,
  encodeQueclinkBinaryHeartbeat,
  encodeQueclinkBinarySos,
} from '../../../../apps/server/src/ingest/protocols/queclink/queclink-binary.device';
import { toQueclinkLocation } from './messages';
import type { StreamDialect } from './stream-tracker';

/** +SACK:<count> acknowledges a report; +SACK:GTHBD the heartbeat; AT+GT... is a command. */
function readSack(received: Buffer): { consumed: number; acked?: number } {
  const end = received.indexOf(0x24); // $
  if (end < 0) return { consumed: 0 };
  const text = received.toString('latin1', 0, end);
  return { consumed: end + 1, acked: /^\+SACK:[0-9A-F]{4}$/.test(text) ? 1 : 0 };
}

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
  read: readSack,
};

/**
 * A Queclink GB100 in HEX mode (AT+GTCFG report format binary) with SACK on: +RSP GTFRI per
 * fix (GTSOS for an SOS; it has no binary low-battery report here), the +HBD heartbeat. The
 * server answers in ASCII as for the text mode.
 */
export const queclinkBinaryDialect: StreamDialect = {
  name: 'Queclink HEX',
  port: 'queclink',
  fix(serial, fix, sequence) {
    const location = toQueclinkLocation(fix);
    if (fix.alarm === 'sos') return encodeQueclinkBinarySos(serial, location, sequence);
    return encodeQueclinkBinaryFri(serial, location, sequence);
  },
  heartbeat: (serial, last, sequence) => encodeQueclinkBinaryHeartbeat(serial, last.time, sequence),
  read: readSack,
};

/**
 * Units of a real fleet are configured either way; every third simulated unit (by its IMEI)
 * speaks HEX so that both formats run on the one port. The IMEI decides, so a unit keeps its
 * format across runs and reconnects.
 */
export function queclinkDialectFor(serial: string): StreamDialect {
  return Number(serial.slice(-3)) % 3 === 2 ? queclinkBinaryDialect : queclinkDialect;
}
