import type {
  Gt06Location,
  Gt06Status,
} from '../../../../apps/server/src/ingest/protocols/gt06/gt06.device';
import type { Gps103Location } from '../../../../apps/server/src/ingest/protocols/gps103/gps103.device';
import type { WatchLocation } from '../../../../apps/server/src/ingest/protocols/watch/watch.device';
import type { QueclinkLocation } from '../../../../apps/server/src/ingest/protocols/queclink/queclink.device';
import type { MeitrackLocation } from '../../../../apps/server/src/ingest/protocols/meitrack/meitrack.device';
import type { Jt808Location } from '../../../../apps/server/src/ingest/protocols/jt808/jt808.device';
import type { WialonLocation } from '../../../../apps/server/src/ingest/protocols/wialon/wialon.device';
import type { SuntechLocation } from '../../../../apps/server/src/ingest/protocols/suntech/suntech.device';
import type { IstartekLocation } from '../../../../apps/server/src/ingest/protocols/istartek/istartek.device';
import type { H02Location } from '../../../../apps/server/src/ingest/protocols/h02/h02.device';
import type { OsmAndReport } from '../../../../apps/server/src/ingest/protocols/osmand/osmand.device';
import type {
  TeltonikaBeacon,
  TeltonikaRecord,
} from '../../../../apps/server/src/ingest/protocols/teltonika/teltonika.device';
import type { Fix } from '../trips/fix';

/** How each protocol carries a simulated fix. Pure. */

/** A Kontakt.io-style iBeacon UUID shared by the simulated trailer tags; major/minor tell them apart. */
const TAG_UUID = 'f7826da6-4fa2-4e98-8024-bc5b71e0893e';

export function toOsmAnd(serial: string, fix: Fix): OsmAndReport {
  const report: OsmAndReport = {
    id: serial,
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    speedKmh: fix.speedKmh,
    bearing: fix.course,
    altitude: fix.altitude,
    accuracy: fix.accuracy,
    battery: fix.battery,
    charging: fix.charging,
  };
  if (fix.alarm) report.alarm = fix.alarm;
  return report;
}

/** Wi-Fi and cell fixes go out with the "positioned" bit cleared, as a GT06 without GPS does. */
export function toGt06Location(fix: Fix): Gt06Location {
  return {
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    speedKmh: fix.speedKmh,
    course: fix.course,
    satellites: fix.satellites,
    valid: fix.fix === 'gps',
    ignition: fix.ignition,
  };
}

export function toGt06Status(fix: Fix): Gt06Status {
  return { battery: fix.battery, charging: fix.charging, ignition: fix.ignition, gsmSignal: 4 };
}

/**
 * The SIM a simulated GT06 reports (0x94): a US carrier's IMSI and an ICCID (89 01 410 ...)
 * derived from the IMEI, so each tracker keeps its own.
 */
export function gt06SimIds(imei: string): { imei: string; imsi: string; iccid: string } {
  return { imei, imsi: `310410${imei.slice(-9)}`, iccid: `8901410${imei.slice(-12)}` };
}

/** External power as a plugged-in GT06 reports it: the alternator's while charging, else none. */
export function gt06ExternalVoltage(fix: Fix): number {
  return fix.charging ? 13.9 : 0;
}

/**
 * Teltonika trackers are wired: external voltage is the vehicle's (alternator when running).
 * A tracker with a trailer tag reports it as a BLE beacon while the tag is in range.
 */
export function toTeltonika(fix: Fix, tag?: { major: number; minor: number }): TeltonikaRecord {
  const record: TeltonikaRecord = {
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    altitude: fix.altitude,
    angle: fix.course,
    satellites: fix.satellites,
    speedKmh: fix.speedKmh,
    priority: fix.alarm === 'sos' ? 2 : 0,
    ignition: fix.ignition,
    movement: fix.speedKmh > 0,
    battery: fix.battery,
    gsmSignal: 4,
    externalVoltage: fix.ignition ? 13.9 : 12.5,
  };
  if (tag) {
    const beacon: TeltonikaBeacon = { uuid: TAG_UUID, ...tag, rssi: -60, batteryVoltage: 3 };
    record.beacons = [beacon];
  }
  return record;
}

/** An H02 unit reports its battery; Wi-Fi and cell fixes go out as "V" (no GPS fix). */
export function toH02Location(fix: Fix): H02Location {
  return {
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    speedKmh: fix.speedKmh,
    course: fix.course,
    valid: fix.fix === 'gps',
    ignition: fix.ignition,
    battery: fix.battery,
  };
}

/** A Coban unit keeps no battery or ignition in its reports; Wi-Fi and cell fixes go out as V. */
export function toGps103Location(fix: Fix): Gps103Location {
  const location: Gps103Location = {
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    speedKmh: fix.speedKmh,
    course: fix.course,
    valid: fix.fix === 'gps',
  };
  if (fix.alarm === 'sos' || fix.alarm === 'lowBattery') location.alarm = fix.alarm;
  return location;
}

/** A watch reports its battery and, like a phone, Wi-Fi and cell fixes without the A flag. */
export function toWatchLocation(fix: Fix): WatchLocation {
  const location: WatchLocation = {
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    speedKmh: fix.speedKmh,
    course: fix.course,
    altitude: fix.altitude,
    satellites: fix.satellites,
    valid: fix.fix === 'gps',
    battery: fix.battery,
  };
  if (fix.alarm) location.alarm = fix.alarm;
  return location;
}

/** A GL300 reports HDOP 1 on a GPS fix and "fix failed" (0) when it fell back to Wi-Fi or cells. */
export function toQueclinkLocation(fix: Fix): QueclinkLocation {
  return {
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    speedKmh: fix.speedKmh,
    course: fix.course,
    altitude: fix.altitude,
    accuracy: fix.fix === 'gps' ? 1 : 0,
    battery: fix.battery,
  };
}

/** A Meitrack unit reports GPS satellites and, without a fix, its last position flagged V. */
export function toMeitrackLocation(fix: Fix): MeitrackLocation {
  return {
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    speedKmh: fix.speedKmh,
    course: fix.course,
    altitude: fix.altitude,
    satellites: fix.satellites,
    valid: fix.fix === 'gps',
  };
}

/** A JT808 terminal reports GPS satellites, ACC and its alarms; without a fix it clears "positioned". */
export function toJt808Location(fix: Fix): Jt808Location {
  return {
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    speedKmh: fix.speedKmh,
    course: fix.course,
    altitude: fix.altitude,
    valid: fix.fix === 'gps',
    ignition: fix.ignition,
    satellites: fix.satellites,
    battery: fix.battery,
    ...(fix.alarm && { alarm: fix.alarm }),
  };
}

/** A Wialon IPS unit reports satellites, its ignition as input 1 and its battery as a parameter. */
export function toWialonLocation(fix: Fix): WialonLocation {
  return {
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    speedKmh: fix.speedKmh,
    course: fix.course,
    altitude: fix.altitude,
    satellites: fix.satellites,
    inputs: fix.ignition ? 1 : 0,
    params: { battery: Math.round(fix.battery) },
  };
}

/** A Suntech unit reports its ignition, supply voltage and odometer; an SOS as an emergency. */
export function toSuntechLocation(fix: Fix): SuntechLocation {
  return {
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    speedKmh: fix.speedKmh,
    course: fix.course,
    satellites: fix.satellites,
    valid: fix.fix === 'gps',
    ignition: fix.ignition,
    odometer: 0,
    power: 12.6,
    ...(fix.alarm === 'sos' && { alarm: 'sos' as const }),
  };
}

/** An iStartek unit reports satellites, its ignition as input 2 and an SOS as event 1. */
export function toIstartekLocation(fix: Fix): IstartekLocation {
  return {
    time: fix.time,
    lat: fix.lat,
    lng: fix.lng,
    speedKmh: fix.speedKmh,
    course: fix.course,
    altitude: fix.altitude,
    satellites: fix.satellites,
    valid: fix.fix === 'gps',
    ignition: fix.ignition,
    event: fix.alarm === 'sos' ? 1 : 0,
  };
}
