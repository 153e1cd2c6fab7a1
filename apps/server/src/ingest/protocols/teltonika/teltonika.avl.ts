import type { ByteReader } from '../bytes';
import { ProtocolError } from '../types';
import type { RawPosition } from '@waymark/domain';
import { applyIo } from './teltonika.io';

export const CODEC_8 = 0x08;
export const CODEC_8_EXTENDED = 0x8e;
export const CODEC_16 = 0x10;

/** Field widths that differ between the AVL codecs (Teltonika wiki, "Codec 8", "Codec 8 Extended", "Codec 16"). */
interface Layout {
  idBytes: 1 | 2;
  countBytes: 1 | 2;
  generationType: boolean;
  variableLength: boolean;
}

const LAYOUTS: Record<number, Layout> = {
  [CODEC_8]: { idBytes: 1, countBytes: 1, generationType: false, variableLength: false },
  [CODEC_8_EXTENDED]: { idBytes: 2, countBytes: 2, generationType: false, variableLength: true },
  [CODEC_16]: { idBytes: 2, countBytes: 1, generationType: true, variableLength: false },
};

export function isAvlCodec(codec: number): boolean {
  return codec in LAYOUTS;
}

/** Priority 2 is "Panic": records raised by the panic button or events configured as panic. */
const PANIC = 2;

/**
 * One AVL record: timestamp (ms since 1970 UTC), priority, GPS element (longitude, latitude as
 * int32 × 10^-7 degrees, altitude m, angle °, satellites, speed km/h), then the IO element.
 */
export function readAvlRecord(r: ByteReader, codec: number, serial: string): RawPosition {
  const layout = LAYOUTS[codec];
  if (!layout)
    throw new ProtocolError(`Teltonika codec 0x${codec.toString(16)} carries no AVL records`);
  const deviceTime = new Date(Number(r.u64()));
  const priority = r.u8();
  const lng = r.i32() / 1e7;
  const lat = r.i32() / 1e7;
  const altitude = r.i16();
  const course = r.u16();
  const satellites = r.u8();
  const speed = r.u16();
  const position: RawPosition = {
    serial,
    deviceTime,
    lat,
    lng,
    // The GPS element repeats the last known fix with 0 satellites when there is no fix.
    valid: satellites > 0,
    fix: 'gps',
    speed,
    speedUnit: 'kmh',
    course,
    altitude,
    satellites,
    attributes: { priority },
  };
  if (priority === PANIC) position.alarm = 'sos';

  const readId = () => (layout.idBytes === 1 ? r.u8() : r.u16());
  const readCount = () => (layout.countBytes === 1 ? r.u8() : r.u16());
  const eventIo = readId();
  if (layout.generationType) position.attributes!.generationType = r.u8();
  if (eventIo !== 0) position.attributes!.eventIo = eventIo;
  readCount(); // total IO count: redundant with the per-size counts below

  for (const size of [1, 2, 4, 8]) {
    const count = readCount();
    for (let i = 0; i < count; i++) {
      const id = readId();
      applyIo(position, id, r.bytes(size));
    }
  }
  if (layout.variableLength) {
    const count = r.u16();
    for (let i = 0; i < count; i++) {
      const id = r.u16();
      applyIo(position, id, r.bytes(r.u16()));
    }
  }
  return position;
}
