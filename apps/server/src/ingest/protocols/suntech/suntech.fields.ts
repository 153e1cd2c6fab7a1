import type { Alarm } from '@waymark/domain';
import { compactTime, latitude, longitude } from '../ascii-fields';
import { MAX_SPEED_KMH } from '../plausibility';
import { ProtocolError } from '../types';

/**
 * Reads the `;`-separated fields of one Suntech report in order, each checked, so a report
 * that is short a field or carries a bent one names that field instead of handing on NaN.
 */
export class SuntechFields {
  private index = 0;

  constructor(private readonly values: readonly string[]) {}

  get remaining(): number {
    return this.values.length - this.index;
  }

  peek(): string | undefined {
    return this.values[this.index];
  }

  next(field: string): string {
    const value = this.values[this.index++];
    if (value === undefined) {
      throw new ProtocolError(`Suntech report ends before its ${field} (field ${this.index})`);
    }
    return value;
  }

  skip(count = 1): void {
    for (let i = 0; i < count; i++) this.next('skipped field');
  }

  integer(field: string, radix: 10 | 16 = 10): number {
    const text = this.next(field);
    const pattern = radix === 16 ? /^[0-9a-fA-F]{1,12}$/ : /^[-+]?\d{1,15}$/;
    if (!pattern.test(text)) {
      throw new ProtocolError(
        `Suntech ${field} must be a ${radix === 16 ? 'hexadecimal' : 'whole'} number, got ${JSON.stringify(text)}`,
      );
    }
    return parseInt(text, radix);
  }

  decimal(field: string): number {
    const text = this.next(field);
    if (!/^[-+]?\d+(\.\d+)?$/.test(text)) {
      throw new ProtocolError(
        `Suntech ${field} must be a decimal number, got ${JSON.stringify(text)}`,
      );
    }
    return Number(text);
  }

  /** `YYYYMMDD;HH:MM:SS`, UTC. */
  time(): Date {
    const date = this.next('date');
    const time = this.next('time');
    const utc =
      /^\d{8}$/.test(date) && /^\d{2}:\d{2}:\d{2}$/.test(time)
        ? compactTime(`${date}${time.replace(/:/g, '')}`)
        : undefined;
    if (!utc) {
      throw new ProtocolError(
        `Suntech date and time must be YYYYMMDD;HH:MM:SS, got ${JSON.stringify(`${date};${time}`)}`,
      );
    }
    return utc;
  }

  latitude(): number {
    return latitude(this.decimal('latitude'), 'Suntech latitude');
  }

  longitude(): number {
    return longitude(this.decimal('longitude'), 'Suntech longitude');
  }

  /** km/h, as every Suntech report gives it. */
  speed(): number {
    const kmh = this.decimal('speed');
    if (kmh < 0 || kmh > MAX_SPEED_KMH) {
      throw new ProtocolError(`Suntech speed must be 0 to ${MAX_SPEED_KMH} km/h, got ${kmh}`);
    }
    return kmh;
  }

  course(): number {
    const degrees = this.decimal('course');
    if (degrees < 0 || degrees > 360) {
      throw new ProtocolError(`Suntech course must be 0 to 360, got ${degrees}`);
    }
    return degrees % 360;
  }

  /** A bit field written as binary digits (`00000101`), or a plain number on older firmwares. */
  bits(field: string): number {
    const text = this.next(field);
    if (!/^[01]{1,31}$/.test(text)) {
      throw new ProtocolError(
        `Suntech ${field} must be binary digits, got ${JSON.stringify(text)}`,
      );
    }
    return parseInt(text, 2);
  }
}

/** EMG emergency ids of the ST300 protocol. */
const EMERGENCY: Record<number, Alarm> = {
  1: 'sos', // panic button
  2: 'other', // parking lock
  3: 'powerCut', // main power removed
  5: 'other', // door opened
  6: 'other',
  7: 'vibration', // movement while parked
  8: 'vibration', // shock
};

/** ALT alert ids shared by the ST300 protocol and the universal format. */
const ALERT: Record<number, Alarm> = {
  1: 'overspeed',
  5: 'geofence', // left
  6: 'geofence', // entered
  14: 'lowBattery', // backup battery
  15: 'vibration', // shocked
  16: 'other', // collision
  41: 'powerCut',
  46: 'other', // fast acceleration
  47: 'other', // harsh braking
  50: 'tamper', // GSM jamming
};

export const emergencyAlarm = (id: number): Alarm | undefined => EMERGENCY[id];
export const alertAlarm = (id: number): Alarm | undefined => ALERT[id];
