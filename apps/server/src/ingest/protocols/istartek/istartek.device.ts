import { istartekChecksum } from './istartek.checksum';

/**
 * What an iStartek unit sends (the device side of istartek.decoder.ts), for the simulator and
 * round-trip tests: position reports (command 000). Pure.
 */
export interface IstartekLocation {
  time: Date;
  lat: number;
  lng: number;
  speedKmh: number;
  course: number;
  altitude: number;
  satellites: number;
  valid: boolean;
  ignition: boolean;
  /** 0 a timed report, 1 SOS, ... (iStartek event codes). */
  event: number;
}

/** `&&<index><length>,<imei>,000,<event>,,<yymmddHHMMSS>,A,lat,lon,...<checksum>\r\n`. */
export function encodeIstartekReport(imei: string, l: IstartekLocation, index: number): Buffer {
  const iso = l.time.toISOString();
  const time = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
  const content = [
    imei,
    '000',
    String(l.event),
    '',
    time,
    l.valid ? 'A' : 'V',
    l.lat.toFixed(6),
    l.lng.toFixed(6),
    String(l.satellites),
    '0.9',
    String(Math.round(Math.max(0, l.speedKmh))),
    String(Math.round(((l.course % 360) + 360) % 360)),
    String(Math.round(l.altitude)),
    '0',
    '0|0|0|0',
    '31',
    '00000000',
    l.ignition ? '02' : '00',
    '00',
    '04B0|019C|0000|0000',
    '1',
  ].join(',');
  const mark = String.fromCharCode(0x3a + (index % 64));
  const sentence = `&&${mark}${content.length + 1},${content}`;
  return Buffer.from(`${sentence}${istartekChecksum(sentence)}\r\n`, 'latin1');
}
