import type { Alarm, RawPosition } from '@waymark/domain';
import { compactTime, latitude, longitude } from '../ascii-fields';
import { asBuffer } from '../bytes';
import { MAX_SPEED_KMH } from '../plausibility';
import { ProtocolError } from '../types';
import type { DecodeNotice, DecodedMessage, TcpProtocol } from '../types';
import { readIstartekFrame } from './istartek.frame';

/**
 * iStartek trackers (VT200/VT600/VT900, PT60 ...) over TCP (port 5225), per the iStartek
 * protocol: position reports `&&<index><length>,<imei>,000,<event>,...` and the answers to
 * commands (`&&<index><length>,<imei>,<cmd>,<result>`). The protocol acknowledges nothing:
 * reports are not answered. A wrong checksum or length is read with a notice.
 */
export interface IstartekSession {
  serial?: string;
}

const AMP = 0x26;
const IMEI = /^\d{1,20}$/;

/** Events with a Waymark alarm (iStartek event codes). */
const EVENT_ALARMS: Record<number, Alarm> = {
  1: 'sos',
  5: 'other', // input 3 (door on most wirings) active
  6: 'other',
  17: 'other', // external supply low
  18: 'powerCut',
  39: 'other', // harsh acceleration
  40: 'other', // harsh braking
  41: 'other', // harsh cornering
};

export const istartekProtocol: TcpProtocol<IstartekSession> = {
  name: 'istartek',
  createSession: () => ({}),
  decode(session, buffer, now) {
    const buf = asBuffer(buffer);
    const messages: DecodedMessage[] = [];
    let notices: DecodeNotice[] | undefined;
    let consumed = 0;
    while (consumed < buf.length) {
      if (buf[consumed] !== AMP || (consumed + 1 < buf.length && buf[consumed + 1] !== AMP)) {
        const next = buf.indexOf('&&', consumed + 1, 'latin1');
        if (
          session.serial === undefined &&
          !isPadding(buf.subarray(consumed, next < 0 ? buf.length : next))
        ) {
          throw new ProtocolError(
            `iStartek frame must start with &&, got ${JSON.stringify(buf.toString('latin1', consumed, consumed + 16))}`,
          );
        }
        const to = next < 0 ? (buf[buf.length - 1] === AMP ? buf.length - 1 : buf.length) : next;
        if (to > consumed && !isPadding(buf.subarray(consumed, to))) {
          (notices ??= []).push({
            kind: 'skipped-bytes',
            detail: `${to - consumed} byte(s) before && skipped`,
          });
        }
        if (to === consumed) break;
        consumed = to;
        continue;
      }
      let frame;
      try {
        frame = readIstartekFrame(buf.subarray(consumed));
      } catch (error) {
        // Once the unit is known a bent header costs its two bytes, not the connection.
        if (!(error instanceof ProtocolError) || session.serial === undefined) throw error;
        (notices ??= []).push({ kind: 'skipped-bytes', detail: error.message });
        consumed += 2;
        continue;
      }
      if (!frame) break;
      consumed += frame.size;
      if (!frame.lengthValid)
        (notices ??= []).push({
          kind: 'resynchronised',
          detail: 'iStartek length disagrees; frame cut at its CRLF',
        });
      if (!frame.checksumValid)
        (notices ??= []).push({
          kind: 'crc-mismatch',
          detail: 'iStartek checksum disagrees; frame read',
        });
      const { message, notice } = decodeFrame(session, frame.text, now);
      if (message) messages.push(message);
      if (notice) (notices ??= []).push(notice);
    }
    return notices ? { consumed, messages, notices } : { consumed, messages };
  },
};

const isPadding = (bytes: Buffer) =>
  bytes.every((b) => b === 0x0d || b === 0x0a || b === 0x20 || b === 0);

function decodeFrame(
  session: IstartekSession,
  text: string,
  now: Date,
): { message?: DecodedMessage; notice?: DecodeNotice } {
  const fields = text.split(',');
  const [, serial = '', type = ''] = fields;
  if (!IMEI.test(serial) || !/^[0-9A-Fa-f]{3}$/.test(type)) {
    return {
      notice: {
        kind: 'skipped-frame',
        detail: `iStartek frame without IMEI and command: ${JSON.stringify(text.slice(0, 32))}`,
      },
    };
  }
  session.serial = serial;
  if (type === '000') {
    try {
      return { message: { serial, positions: [readPosition(serial, fields.slice(3))] } };
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      return {
        message: { serial, positions: [] },
        notice: { kind: 'skipped-frame', detail: `iStartek report dropped: ${error.message}` },
      };
    }
  }
  if (type === '710') {
    return {
      message: { serial, positions: [], status: { serial, time: now } },
      notice: { kind: 'skipped-frame', detail: 'iStartek serial data (710) not read' },
    };
  }
  // The answer to a command repeats its code: `129,OK`.
  return {
    message: { serial, positions: [], commandResponse: `${type},${fields.slice(3).join(',')}` },
  };
}

/**
 * `event,event data,yymmddHHMMSS,A|V,lat,lon,satellites,hdop,speed,course,altitude,odometer,
 * mcc|mnc|lac|cid,rssi,status,inputs,outputs,power|battery|adc...,...` (hex where noted).
 */
function readPosition(serial: string, f: string[]): RawPosition {
  const [
    event,
    data,
    time,
    validity,
    lat,
    lon,
    sats,
    hdop,
    speed,
    course,
    altitude,
    odometer,
    cell,
    rssi,
    status,
    inputs,
    outputs,
    power,
  ] = f;
  const need = (value: string | undefined, field: string, pattern: RegExp) => {
    if (value === undefined || !pattern.test(value)) {
      throw new ProtocolError(
        `iStartek ${field} is ${value === undefined ? 'missing' : `not valid: ${JSON.stringify(value.slice(0, 16))}`}`,
      );
    }
    return value;
  };
  const deviceTime = compactTime(need(time, 'time', /^\d{12}$/));
  if (!deviceTime) throw new ProtocolError(`iStartek time ${JSON.stringify(time)} is not a date`);
  const kmh = Number(need(speed, 'speed', /^\d{1,4}$/));
  if (kmh > MAX_SPEED_KMH)
    throw new ProtocolError(`iStartek speed must be 0 to ${MAX_SPEED_KMH} km/h, got ${kmh}`);
  const heading = Number(need(course, 'course', /^\d{1,3}$/));
  if (heading > 360) throw new ProtocolError(`iStartek course must be 0 to 360, got ${heading}`);
  const eventId = Number(need(event, 'event', /^\d{1,3}$/));
  const attributes: Record<string, number | string | boolean> = {
    event: eventId,
    hdop: Number(need(hdop, 'hdop', /^\d+(\.\d+)?$/)),
    odometer: Number(need(odometer, 'odometer', /^\d{1,12}$/)),
  };
  const position: RawPosition = {
    serial,
    deviceTime,
    lat: latitude(Number(need(lat, 'latitude', /^-?\d{1,2}\.\d+$/)), 'iStartek latitude'),
    lng: longitude(Number(need(lon, 'longitude', /^-?\d{1,3}\.\d+$/)), 'iStartek longitude'),
    valid: need(validity, 'validity', /^[AV]$/) === 'A',
    fix: 'gps',
    speed: kmh,
    speedUnit: 'kmh',
    course: heading % 360,
    altitude: Number(need(altitude, 'altitude', /^-?\d{1,5}$/)),
    satellites: Number(need(sats, 'satellites', /^\d{1,2}$/)),
    attributes,
  };
  if (eventId === 53 && data) attributes.driverUniqueId = data;
  const alarm = EVENT_ALARMS[eventId];
  if (alarm) position.alarm = alarm;
  const [mcc, mnc, lac, cid] = need(
    cell,
    'cell',
    /^\d{1,3}\|\d{1,3}\|[0-9A-Fa-f]{1,8}\|[0-9A-Fa-f]{1,8}$/,
  ).split('|');
  if (Number(mcc) > 0)
    position.cell = {
      mcc: Number(mcc),
      mnc: Number(mnc),
      lac: parseInt(lac!, 16),
      cid: parseInt(cid!, 16),
    };
  attributes.rssi = Number(need(rssi, 'rssi', /^\d{1,3}$/));
  attributes.status = parseInt(need(status, 'status', /^[0-9A-Fa-f]{1,8}$/), 16);
  const input = parseInt(need(inputs, 'inputs', /^[0-9A-Fa-f]{1,4}$/), 16);
  attributes.input = input;
  attributes.output = parseInt(need(outputs, 'outputs', /^[0-9A-Fa-f]{1,4}$/), 16);
  position.ignition = (input & 0b10) !== 0;
  const [supply, battery] = need(power, 'power', /^[0-9A-Fa-f]{1,4}\|[0-9A-Fa-f]{1,4}/).split('|');
  attributes.power = parseInt(supply!, 16) / 100;
  position.batteryVoltage = parseInt(battery!, 16) / 100;
  return position;
}
