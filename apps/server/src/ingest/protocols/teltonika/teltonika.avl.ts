import type { ByteReader } from '../bytes';
import type { RawPosition } from '@waymark/domain';
import { applyIo } from './teltonika.io';

export const CODEC_8 = 0x08;
export const CODEC_8_EXTENDED = 0x8e;
export const CODEC_16 = 0x10;

/** Field widths that differ between the AVL codecs (Teltonika wiki, "Codec 8", "Codec 8 Extended", "Codec 16"). */
export interface Layout {
  name: string;
  /** IO ids and the event IO id: 1 byte in Codec 8, 2 in Codec 8 Extended and Codec 16. */
  idBytes: 1 | 2;
  countBytes: 1 | 2;
  generationType: boolean;
  variableLength: boolean;
  /** A group of 16-byte IO values after the 8-byte ones. */
  sixteenByteValues: boolean;
}

const LAYOUTS: Record<number, Layout> = {
  [CODEC_8]: {
    name: 'Codec 8',
    idBytes: 1,
    countBytes: 1,
    generationType: false,
    variableLength: false,
    sixteenByteValues: false,
  },
  [CODEC_8_EXTENDED]: {
    name: 'Codec 8 Extended',
    idBytes: 2,
    countBytes: 2,
    generationType: false,
    variableLength: true,
    sixteenByteValues: false,
  },
  [CODEC_16]: {
    name: 'Codec 16',
    idBytes: 2,
    countBytes: 1,
    generationType: true,
    variableLength: false,
    sixteenByteValues: false,
  },
};

/**
 * Codec 8 records that add a group of 16-byte IO values after the 8-byte ones, as field
 * captures of older FM units show: the packet says codec 8, only its structure tells. Read when
 * the standard layout does not fit the packet exactly.
 */
export const CODEC_8_WITH_16_BYTE_VALUES: Layout = {
  ...LAYOUTS[CODEC_8]!,
  name: 'Codec 8 with 16-byte IO values',
  sixteenByteValues: true,
};

/** The layouts to try for a codec, in order; undefined for a codec that carries no AVL records. */
export function layoutsOf(codec: number): readonly Layout[] | undefined {
  return LAYOUTS_TO_TRY[codec];
}

const LAYOUTS_TO_TRY: Record<number, readonly Layout[]> = {
  [CODEC_8]: [LAYOUTS[CODEC_8]!, CODEC_8_WITH_16_BYTE_VALUES],
  [CODEC_8_EXTENDED]: [LAYOUTS[CODEC_8_EXTENDED]!],
  [CODEC_16]: [LAYOUTS[CODEC_16]!],
};

const SIZES = [1, 2, 4, 8] as const;
const SIZES_TO_16 = [1, 2, 4, 8, 16] as const;

/** Priority 2 is "Panic": records raised by the panic button or events configured as panic. */
const PANIC = 2;

/**
 * One AVL record: timestamp (ms since 1970 UTC), priority, GPS element (longitude, latitude as
 * int32 × 10^-7 degrees, altitude m, angle °, satellites, speed km/h), then the IO element.
 */
export function readAvlRecord(r: ByteReader, layout: Layout, serial: string): RawPosition {
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

  for (const size of layout.sixteenByteValues ? SIZES_TO_16 : SIZES) {
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
