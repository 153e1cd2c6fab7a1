import type { RawPosition } from '@waymark/domain';
import type { ByteReader } from '../bytes';
import { VEHICLE_SIGNALS, readText } from './jt808.fields';

/**
 * Additional location items (2013 table 27, 2019 table 27): ID (1), length (1), value. An item
 * whose length is not its type's width is skipped, as is an ID Waymark does not keep; a length
 * that runs past the body ends the list (vendors pad bodies with zeros and odd tails).
 *
 * Standard items: 0x01 mileage (DWORD, 1/10 km), 0x02 fuel (WORD, 1/10 L), 0x03 tachograph speed
 * (WORD, 1/10 km/h), 0x04 alarm event ID (WORD), 0x12 area entered or left (type, ID, direction),
 * 0x25 extended vehicle signals (DWORD), 0x2A IO status (WORD: deep sleep, sleep), 0x2B analog
 * inputs (DWORD: AD0 low, AD1 high), 0x30 signal strength (BYTE), 0x31 satellites (BYTE).
 * Vendor items seen in field captures: 0xD3 external power (WORD, 1/10 V), 0xD4 / 0xFE battery
 * (BYTE, %), 0xD5 battery (WORD, 1/100 V), 0xCC ICCID (20 ASCII digits).
 */
export function readExtras(r: ByteReader, position: RawPosition): void {
  const attributes = (position.attributes ??= {});
  while (r.remaining >= 2) {
    const id = r.u8();
    const length = r.u8();
    if (length > r.remaining) return;
    const value = r.bytes(length);
    const u = (width: number) => (length === width ? value.readUIntBE(0, width) : undefined);
    switch (id) {
      case 0x01:
        set(attributes, 'mileage', tenth(u(4)));
        break;
      case 0x02:
        set(attributes, 'fuel', tenth(u(2)));
        break;
      case 0x03:
        set(attributes, 'tachographSpeed', tenth(u(2)));
        break;
      case 0x04:
        set(attributes, 'alarmEventId', u(2));
        break;
      case 0x12:
        if (length === 6) {
          attributes.areaId = value.readUInt32BE(1);
          attributes.areaEntered = value.readUInt8(5) === 0;
        }
        break;
      case 0x25: {
        const signals = u(4);
        if (!signals) break;
        const on = VEHICLE_SIGNALS.filter((_, bit) => signals & (1 << bit));
        attributes.vehicleSignals = on.join(',');
        break;
      }
      case 0x2a: {
        const io = u(2);
        if (io === undefined) break;
        attributes.deepSleep = (io & 1) !== 0;
        attributes.sleep = (io & 2) !== 0;
        break;
      }
      case 0x2b: {
        const analog = u(4);
        if (analog === undefined) break;
        attributes.adc0 = analog & 0xffff;
        attributes.adc1 = analog >>> 16;
        break;
      }
      case 0x30: {
        const signal = u(1);
        if (signal !== undefined) position.gsmSignal = signal;
        break;
      }
      case 0x31: {
        const satellites = u(1);
        if (satellites !== undefined) position.satellites = satellites;
        break;
      }
      case 0xd3:
        set(attributes, 'externalVoltage', tenth(u(2)));
        break;
      case 0xd4:
      case 0xfe: {
        const battery = u(1);
        if (battery !== undefined && battery <= 100) position.battery = battery;
        break;
      }
      case 0xd5: {
        const centivolts = u(2);
        if (centivolts !== undefined) position.batteryVoltage = centivolts / 100;
        break;
      }
      case 0xcc:
        if (length === 20) attributes.iccid = readText(value);
        break;
      default:
        break;
    }
  }
}

function tenth(value: number | undefined): number | undefined {
  return value === undefined ? undefined : value / 10;
}

function set(attributes: Record<string, unknown>, key: string, value: number | undefined) {
  if (value !== undefined) attributes[key] = value;
}
