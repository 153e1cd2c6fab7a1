import { ProtocolError } from '../types';

/**
 * The tags of a Galileosky packet and where its records start. Each tag is one byte followed
 * by a value whose length the tag alone decides (the manuals' "GalileoSky protocol tags"
 * table), so a tag whose length is not known here stops the packet: nothing after it can be
 * found. Within a record the tags come in ascending order (the manuals: "Tags are in ascending
 * order"), so a tag not above the one before starts the next record of an archive packet.
 */
export type GalileoskyRecord = Map<number, Buffer>;

export const IMEI = 0x03;
export const COMMAND_TEXT = 0xe1;
/** Tags whose first byte is the length of the rest: the command text and the user data array. */
const LENGTH_PREFIXED = new Set([COMMAND_TEXT, 0xea]);

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Value lengths by tag, from the manuals' tag table and the tags field units send in
 * Traccar's captures. Tags the table marks as of varying layout (0x5B) are left out on purpose.
 */
const LENGTHS = new Map<number, number>([
  // 1 byte: hardware and firmware version, HDOP, temperature, iButton states, CAN 8-bit values.
  ...[0x01, 0x02, 0x35, 0x43, 0x88, 0x8a, 0x8b, 0x8c, 0xd5].map((t) => [t, 1] as const),
  ...[...range(0xa0, 0xaf), ...range(0xc4, 0xd2)].map((t) => [t, 1] as const),
  // 2 bytes: device number, record number, altitude, status, voltages, inputs and outputs,
  // analog inputs, RS-232 and fuel sensors, thermometers, CAN 16-bit values.
  ...[0x04, 0x10, 0x34, 0x40, 0x41, 0x42, 0x45, 0x46, 0x48].map((t) => [t, 2] as const),
  ...[...range(0x50, 0x59), ...range(0x60, 0x62), ...range(0x70, 0x77)].map((t) => [t, 2] as const),
  ...[...range(0xb0, 0xb9), ...range(0xd6, 0xda)].map((t) => [t, 2] as const),
  // 3 bytes: DS1923 sensors, accelerometer vectors, CAN values of 3 bytes.
  ...[0x5d, 0xfa, ...range(0x63, 0x6f)].map((t) => [t, 3] as const),
  // 4 bytes: time, speed and course, acceleration, iButton, CAN 32-bit values, mileage,
  // command number, user data.
  ...[0x20, 0x33, 0x44, 0x47, 0x5a, 0x90, 0xd3, 0xd4, 0xe0].map((t) => [t, 4] as const),
  ...[...range(0xc0, 0xc3), ...range(0xdb, 0xdf), ...range(0xe2, 0xe9), ...range(0xf0, 0xf9)].map(
    (t) => [t, 4] as const,
  ),
  [IMEI, 15],
  // Coordinates: satellites and correctness (1), latitude (4), longitude (4).
  [0x30, 9],
  // Extended iButton / RFID data.
  [0x5c, 68],
]);

/** The records of a packet's tag bytes, in the order sent. */
export function readRecords(tags: Buffer): GalileoskyRecord[] {
  const records: GalileoskyRecord[] = [];
  let record: GalileoskyRecord | undefined;
  let previous = -1;
  let at = 0;
  while (at < tags.length) {
    const tag = tags[at]!;
    const start = at + 1;
    let length = LENGTHS.get(tag);
    let from = start;
    if (LENGTH_PREFIXED.has(tag)) {
      if (start >= tags.length) throw cut(tag, at);
      length = tags[start]!;
      from = start + 1;
    }
    if (length === undefined) {
      throw new ProtocolError(
        `Galileosky tag 0x${hex(tag)} at offset ${at} has no known length; the packet cannot be read past it`,
      );
    }
    if (from + length > tags.length) throw cut(tag, at);
    if (!record || tag <= previous) {
      record = new Map();
      records.push(record);
    }
    record.set(tag, tags.subarray(from, from + length));
    previous = tag;
    at = from + length;
  }
  return records;
}

const hex = (tag: number) => tag.toString(16).padStart(2, '0');

function cut(tag: number, at: number): ProtocolError {
  return new ProtocolError(`Galileosky tag 0x${hex(tag)} at offset ${at} runs past the packet`);
}
