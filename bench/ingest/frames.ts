import {
  encodeGt06Heartbeat,
  encodeGt06Location,
  encodeGt06Login,
  nextGt06SerialNo,
} from '../../apps/server/src/ingest/protocols/gt06/gt06.device';
import {
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
  type TeltonikaRecord,
} from '../../apps/server/src/ingest/protocols/teltonika/teltonika.device';
import { encodeOsmAndQuery } from '../../apps/server/src/ingest/protocols/osmand/osmand.device';
import type { BenchFix } from './fleet';

/**
 * Frames built with the server's own device-side encoders, so the bench speaks exactly what
 * the decoders are tested against. GT06 keeps a per-connection serial number.
 */

const STATUS = { battery: 80, charging: false, ignition: true, gsmSignal: 4 };

export class Gt06Frames {
  private serialNo = 0;

  login(imei: string): Buffer {
    return encodeGt06Login(imei, this.next());
  }

  location(fix: BenchFix): Buffer {
    return encodeGt06Location(
      { ...fix, satellites: 9, valid: true, ignition: true },
      this.next(),
      0x22,
    );
  }

  /** The server answers a heartbeat in order, after the locations before it are stored. */
  heartbeat(): Buffer {
    return encodeGt06Heartbeat(STATUS, this.next());
  }

  private next() {
    this.serialNo = nextGt06SerialNo(this.serialNo);
    return this.serialNo;
  }
}

function teltonikaRecord(fix: BenchFix): TeltonikaRecord {
  return {
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    altitude: 180,
    angle: fix.course,
    satellites: 9,
    speedKmh: fix.speedKmh,
    ignition: true,
    movement: true,
    battery: STATUS.battery,
    gsmSignal: 4,
    externalVoltage: 13.9,
  };
}

export const teltonikaImei = encodeTeltonikaImei;

export function teltonikaPacket(fixes: readonly BenchFix[]): Buffer {
  return encodeTeltonikaAvl(fixes.map(teltonikaRecord));
}

export function osmAndPath(serial: string, fix: BenchFix): string {
  return `/?${encodeOsmAndQuery({
    id: serial,
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    speedKmh: fix.speedKmh,
    bearing: fix.course,
    altitude: 180,
    accuracy: 5,
    battery: STATUS.battery,
    charging: false,
  })}`;
}
