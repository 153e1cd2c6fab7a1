import type { Alarm } from '@waymark/domain';

/**
 * What a Suntech ST300 sends (the device side of suntech.decoder.ts), for the simulator and
 * round-trip tests: status reports (STT), emergencies (EMG) and the keep-alive (ALV). Pure.
 */
export interface SuntechLocation {
  time: Date;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  satellites: number;
  valid: boolean;
  ignition: boolean;
  /** Metres driven, as the unit counts them. */
  odometer: number;
  /** Volts of the vehicle's supply. */
  power: number;
  alarm?: Alarm;
}

const EMERGENCY_IDS: Partial<Record<Alarm, number>> = { sos: 1, powerCut: 3, vibration: 8 };

const signed = (value: number, width: number) =>
  `${value < 0 ? '-' : '+'}${Math.abs(value)
    .toFixed(6)
    .padStart(width + 7, '0')}`;

/** `ST300STT;dev;model;fw;YYYYMMDD;HH:MM:SS;cell;lat;lon;speed;course;sats;fix;dist;power;io;mode;msg`. */
export function encodeSuntechReport(device: string, l: SuntechLocation, index: number): Buffer {
  const iso = l.time.toISOString();
  const emergency = l.alarm ? EMERGENCY_IDS[l.alarm] : undefined;
  const fields = [
    emergency === undefined ? 'ST300STT' : 'ST300EMG',
    device,
    '04',
    '706',
    `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`,
    iso.slice(11, 19),
    '00000',
    signed(l.lat, 2),
    signed(l.lng, 3),
    Math.max(0, l.speedKmh).toFixed(3).padStart(7, '0'),
    (((l.course % 360) + 360) % 360).toFixed(2).padStart(6, '0'),
    String(l.satellites),
    l.valid ? '1' : '0',
    String(Math.round(l.odometer)),
    l.power.toFixed(2),
    `${l.ignition ? 1 : 0}00000`,
    ...(emergency === undefined ? ['1', String(index).padStart(4, '0')] : [String(emergency)]),
  ];
  return Buffer.from(`${fields.join(';')}\r`, 'ascii');
}

export function encodeSuntechKeepAlive(device: string): Buffer {
  return Buffer.from(`ST300ALV;${device}\r`, 'ascii');
}
