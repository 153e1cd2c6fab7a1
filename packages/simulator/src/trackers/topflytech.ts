import {
  encodeTopflytechHeartbeat,
  encodeTopflytechLocation,
  encodeTopflytechLogin,
} from '../../../../apps/server/src/ingest/protocols/topflytech/topflytech.device';
import type { Fix } from '../trips/fix';
import type { StreamDialect } from './stream-tracker';

const LOGIN = 0x01;
const GPS = 0x02;
const HEARTBEAT = 0x03;
const ALARM = 0x04;
/** The document's alarm codes for what the simulated vehicle raises. */
const ALARM_CODES = { sos: 3, lowBattery: 2, tamper: 7 } as const;

function toLocation(fix: Fix) {
  return {
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    speedKmh: fix.speedKmh,
    course: fix.course,
    altitude: fix.altitude,
    satellites: fix.fix === 'gps' ? Math.max(fix.satellites, 1) : 0,
    ignition: fix.ignition,
    battery: fix.battery,
    alarmCode: fix.alarm ? ALARM_CODES[fix.alarm] : 0,
  };
}

/**
 * A Topflytech T8806 (header 0x2323): logs in and waits for the echoed login, then one GPS
 * report (0x02, or an alarm 0x04) per fix, each answered with its serial number (counted as its
 * ack), and a heartbeat (0x03). Commands (0x81) are read and not acted on.
 */
export const topflytechDialect: StreamDialect = {
  name: 'Topflytech',
  port: 'topflytech',
  greeting: (serial) => encodeTopflytechLogin(serial, 1),
  fix: (serial, fix, sequence) =>
    encodeTopflytechLocation(serial, (sequence + 1) & 0xffff, toLocation(fix)),
  heartbeat: (serial, _last, sequence) => encodeTopflytechHeartbeat(serial, sequence & 0xffff),
  read(received) {
    if (received.length < 5) return { consumed: 0 };
    const consumed = received.readUInt16BE(3);
    if (consumed < 15)
      throw new Error(`Topflytech answer length must be at least 15, got ${consumed}`);
    if (received.length < consumed) return { consumed: 0 };
    const type = received[2];
    if (type === LOGIN) return { consumed, greeted: true };
    if (type === GPS || type === ALARM) return { consumed, acked: 1 };
    if (type === HEARTBEAT) return { consumed };
    return { consumed };
  },
};
