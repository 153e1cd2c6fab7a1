import type { KeepOpenCase } from '../keep-open.case';
import {
  encodeSuntechKeepAlive,
  encodeSuntechReport,
  type SuntechLocation,
} from './suntech.device';

// An ST300 as it reports to a live server: its keep-alive (ALV, not answered), a status report
// cut after its tenth field (Suntech carries no length and no checksum: a line is a report),
// then a live emergency, which the server acknowledges once stored.
const DEVICE = '205173382';
const fix = (time: Date, alarm?: SuntechLocation['alarm']): SuntechLocation => ({
  time,
  lat: 19.2883,
  lng: -99.1288,
  speedKmh: 30,
  course: 90,
  satellites: 9,
  valid: true,
  ignition: true,
  odometer: 1000,
  power: 12.5,
  ...(alarm && { alarm }),
});
const cut = encodeSuntechReport(DEVICE, fix(new Date('2026-11-30T12:00:00Z')), 3)
  .toString('latin1')
  .split(';')
  .slice(0, 10)
  .join(';');

export const SUNTECH_KEEP_OPEN: KeepOpenCase = {
  family: 'Suntech',
  listener: 'suntech',
  transport: 'tcp',
  serial: DEVICE,
  opening: [],
  keepAlive: { send: encodeSuntechKeepAlive(DEVICE) },
  badChecksum: { none: 'no bad checksum (Suntech reports carry none)' },
  wrongLength: {
    what: 'a report cut after 10 fields (Suntech has no length field)',
    send: Buffer.from(`${cut}\r`, 'latin1'),
    counts: 'skippedFrames',
  },
  position: (time) => ({
    send: encodeSuntechReport(DEVICE, fix(time, 'sos'), 4),
    answer: Buffer.from(`ST300CMD;${DEVICE};02;AckEmerg\r`, 'latin1'),
  }),
};
