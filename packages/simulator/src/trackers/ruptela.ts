import {
  encodeRuptelaHeartbeat,
  encodeRuptelaRecords,
} from '../../../../apps/server/src/ingest/protocols/ruptela/ruptela.device';
import type { RuptelaRecord } from '../../../../apps/server/src/ingest/protocols/ruptela/ruptela.device';
import type { Fix } from '../trips/fix';
import type { StreamDialect } from './stream-tracker';

/** The server's records acknowledgement (command 100) and heartbeat answer (116). */
const RECORDS_ACK = 100;
const HEARTBEAT_ACK = 116;

/** An FM-Eco4 reports ignition (IO 251) and its internal battery (IO 30, mV). */
function toRecord(fix: Fix): RuptelaRecord {
  return {
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    speedKmh: fix.speedKmh,
    course: fix.course,
    altitude: fix.altitude,
    satellites: fix.fix === 'gps' ? Math.max(fix.satellites, 1) : 0,
    ignition: fix.ignition,
    batteryMillivolts: Math.round(3500 + fix.battery * 7),
  };
}

/**
 * A Ruptela FM-Eco4: no login (every packet carries the IMEI), one records packet per fix and a
 * heartbeat (16); the server's command 100 acknowledges the records. Commands are not acted on.
 */
export const ruptelaDialect: StreamDialect = {
  name: 'Ruptela',
  port: 'ruptela',
  fix: (serial, fix) => encodeRuptelaRecords(serial, [toRecord(fix)]),
  heartbeat: (serial) => encodeRuptelaHeartbeat(serial),
  read(received) {
    if (received.length < 2) return { consumed: 0 };
    const length = received.readUInt16BE(0);
    if (received.length < length + 4) return { consumed: 0 };
    const command = received[2];
    const consumed = length + 4;
    if (command === RECORDS_ACK) return { consumed, acked: 1 };
    if (command === HEARTBEAT_ACK) return { consumed };
    throw new Error(`Ruptela answer must be command 100 or 116, got ${command}`);
  },
};
