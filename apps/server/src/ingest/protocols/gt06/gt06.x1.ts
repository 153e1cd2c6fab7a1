import type { RawPosition } from '@waymark/domain';
import type { ByteReader } from '../bytes';
import { readGps } from './gt06.fields';
import { gpsPosition } from './gt06.location';

export const X1_GPS = 0x34;

/**
 * 0x34, the location of X1-family vehicle units (as their field captures and Traccar's decoder
 * lay it out): data and alarm (4), the GPS block, terminal information (2), mileage (4), the cell
 * (MCC 2, MNC 1, LAC 2, cell ID 4), a driver ID (4), the backup battery and the external power
 * (2 each, 1/100 V), port information (4), inputs and outputs (1 each), then analog inputs. The
 * server does not answer it.
 */
export function decodeX1Gps(r: ByteReader, serial: string, now: Date): RawPosition {
  r.skip(4); // data and alarm
  const position = gpsPosition(serial, readGps(r, now), 'GT06 0x34');
  if (r.remaining < 2 + 4 + 9) return position;
  r.skip(2); // terminal information
  const odometer = r.u32();
  const mcc = r.u16();
  const mnc = r.u8();
  const lac = r.u16();
  const cid = r.u32();
  if (mcc !== 0) position.cell = { mcc: mcc & 0x7fff, mnc, lac, cid };
  const attributes: NonNullable<RawPosition['attributes']> = { ...position.attributes, odometer };
  if (r.remaining >= 8) {
    const driverId = r.u32();
    if (driverId > 0) attributes.driverId = String(driverId);
    position.batteryVoltage = r.u16() / 100;
    attributes.externalVoltage = r.u16() / 100;
  }
  position.attributes = attributes;
  return position;
}
