import type { KeepOpenCase } from '../keep-open.case';
import { istartekChecksum } from './istartek.checksum';
import { encodeIstartekReport, type IstartekLocation } from './istartek.device';

// An iStartek VT200 as it reports to a live server, its reports bent: a checksum that does not
// hold, a length 2 short (the frame is cut at its CRLF). The protocol has no keep-alive and
// acknowledges no report, so a command sent after the live report shows the connection open.
const IMEI = '868825064282040';
const report = (time: Date, index: number) => {
  const fix: IstartekLocation = {
    time,
    lat: 22.6786,
    lng: 114.046,
    speedKmh: 30,
    course: 90,
    altitude: 70,
    satellites: 12,
    valid: true,
    ignition: true,
    event: 0,
  };
  return encodeIstartekReport(IMEI, fix, index).toString('latin1');
};
const EARLIER = new Date('2026-11-30T12:00:00Z');
const badSum = report(EARLIER, 2).replace(
  /(..)\r\n$/,
  (_m, sum: string) => `${sum === '00' ? '01' : '00'}\r\n`,
);
// A unit that miscounts its length computes its checksum over what it sent.
const miscounted = report(EARLIER, 3)
  .slice(0, -4)
  .replace(
    /^&&(.)(\d+),/,
    (_m, index: string, length: string) => `&&${index}${Number(length) - 2},`,
  );
const badLength = `${miscounted}${istartekChecksum(miscounted)}\r\n`;
// The length counts from the comma before the IMEI to the checksum: 1 + 15 + 1 + 3.
const sentence = `$$:20,${IMEI},802`;

export const ISTARTEK_KEEP_OPEN: KeepOpenCase = {
  family: 'iStartek',
  listener: 'istartek',
  transport: 'tcp',
  serial: IMEI,
  opening: [],
  keepAlive: { none: 'no keep-alive (iStartek units send none)' },
  badChecksum: {
    what: 'a checksum that does not hold',
    send: Buffer.from(badSum, 'latin1'),
    counts: 'crcMismatches',
  },
  wrongLength: {
    what: 'a length 2 short',
    send: Buffer.from(badLength, 'latin1'),
    counts: 'resynchronised',
  },
  position: (time) => ({ send: Buffer.from(report(time, 4), 'latin1') }),
  // 802: locate now.
  command: {
    text: '802',
    bytes: Buffer.from(`${sentence}${istartekChecksum(sentence)}\r\n`, 'latin1'),
  },
};
