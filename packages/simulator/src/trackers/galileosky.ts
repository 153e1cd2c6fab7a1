import {
  encodeGalileoskyHead,
  encodeGalileoskyRecords,
} from '../../../../apps/server/src/ingest/protocols/galileosky/galileosky.device';
import type { GalileoskyLocation } from '../../../../apps/server/src/ingest/protocols/galileosky/galileosky.device';
import type { Fix } from '../trips/fix';
import type { StreamDialect } from './stream-tracker';

/** The server's confirmation: 0x02 and the CRC of the packet it confirms. */
const CONFIRMATION = 0x02;
/** Galileosky units are numbered by their owner; the simulator gives them all the same. */
const DEVICE_NUMBER = 1;

function toLocation(fix: Fix, index: number): GalileoskyLocation {
  const gps = fix.fix === 'gps';
  return {
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    speedKmh: fix.speedKmh,
    course: fix.course,
    altitude: fix.altitude,
    satellites: gps ? Math.max(fix.satellites, 1) : 0,
    // Under a roof the unit keeps its last coordinates and marks them not found.
    valid: gps,
    batteryVoltage: 3.6 + fix.battery * 0.006,
    externalVoltage: fix.ignition ? 13.8 : 12.4,
    index,
  };
}

/**
 * A Galileosky terminal: its head packet, confirmed by the server, then one main packet per
 * fix, each confirmed with its CRC (counted as its ack). Galileosky units have no heartbeat of
 * their own; their periodic records keep the link. Commands are read and not acted on. One
 * dialect per unit, since only the head packet's own CRC tells its confirmation apart.
 */
export function galileoskyDialect(serial: string): StreamDialect {
  const head = encodeGalileoskyHead(serial, DEVICE_NUMBER);
  const headCrc = head.readUInt16LE(head.length - 2);
  return {
    name: 'Galileosky',
    port: 'galileosky',
    greeting: () => head,
    fix: (_serial, fix, sequence) => encodeGalileoskyRecords([toLocation(fix, sequence & 0xffff)]),
    read(received) {
      if (received[0] === 0x01) {
        // A command packet: its length (low 15 bits) covers the tags, then the CRC.
        if (received.length < 3) return { consumed: 0 };
        const size = 3 + (received.readUInt16LE(1) & 0x7fff) + 2;
        return { consumed: received.length < size ? 0 : size };
      }
      if (received[0] !== CONFIRMATION) {
        throw new Error(
          `Galileosky answer must start with 0x02, got 0x${received[0]!.toString(16)}`,
        );
      }
      if (received.length < 3) return { consumed: 0 };
      if (received.readUInt16LE(1) === headCrc) return { consumed: 3, greeted: true };
      return { consumed: 3, acked: 1 };
    },
  };
}
