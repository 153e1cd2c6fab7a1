import { ByteReader, toHex } from '../bytes';
import type { BleBeacon, RawPosition } from '@waymark/domain';

/**
 * Maps AVL IO elements onto the position. IDs and units are those of the Teltonika FMB
 * "AVL ID" list; anything not mapped is kept as attributes.io<id> so nothing is lost.
 */
export function applyIo(position: RawPosition, id: number, raw: Buffer): void {
  const attributes = (position.attributes ??= {});
  switch (id) {
    case 239:
      position.ignition = unsigned(raw) !== 0;
      return;
    case 240:
      position.motion = unsigned(raw) !== 0;
      return;
    case 21:
      position.gsmSignal = Number(unsigned(raw)); // 0..5 bars
      return;
    case 66:
      attributes.externalVoltage = Number(unsigned(raw)) / 1000; // mV
      return;
    case 67:
      position.batteryVoltage = Number(unsigned(raw)) / 1000; // mV
      return;
    case 113:
      position.battery = Number(unsigned(raw)); // %
      return;
    case 1:
      attributes.in1 = unsigned(raw) !== 0;
      return;
    case 200:
      attributes.sleepMode = Number(unsigned(raw)); // 0 none, 1 GPS, 2 deep, 3 online, 4 ultra
      return;
    case 72:
    case 73:
    case 74:
    case 75: {
      // Dallas temperature 1..4: signed, 0.1 °C per unit.
      const celsius = raw.readIntBE(0, Math.min(raw.length, 6)) / 10;
      attributes[`temp${id - 71}`] = celsius;
      position.temperature ??= celsius;
      return;
    }
    case 385: {
      const beacons = decodeBeacons(raw);
      if (beacons.length > 0) position.bleBeacons = [...(position.bleBeacons ?? []), ...beacons];
      return;
    }
    default: {
      const value = unsigned(raw);
      attributes[`io${id}`] = typeof value === 'bigint' ? value.toString() : value;
    }
  }
}

/** Values of 1..6 bytes as numbers; 8-byte values stay exact (decimal string past 2^53). */
function unsigned(raw: Buffer): number | bigint {
  if (raw.length === 0) return 0;
  if (raw.length <= 6) return raw.readUIntBE(0, raw.length);
  if (raw.length === 8) {
    const big = raw.readBigUInt64BE(0);
    return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
  }
  return BigInt(`0x${toHex(raw)}`);
}

/**
 * AVL ID 385 "Beacon" (Codec 8 Extended, variable length), per the Teltonika wiki's beacon
 * record description: one "data part" byte, then per beacon a flags byte, the beacon id
 * (iBeacon: 16-byte UUID + major + minor when the upper nibble is set; Eddystone: 10-byte
 * namespace + 6-byte instance otherwise), a signed RSSI byte, then battery voltage (flag bit 1,
 * 2 bytes, 10 mV) and temperature (flag bit 2, 2 bytes) when present.
 */
export function decodeBeacons(raw: Buffer): BleBeacon[] {
  const r = new ByteReader(raw, 'Teltonika IO 385 beacon list');
  const beacons: BleBeacon[] = [];
  if (r.remaining === 0) return beacons;
  r.u8(); // data part
  while (r.remaining > 0) {
    const flags = r.u8();
    let id: string;
    if (flags >> 4 > 0) {
      const uuid = toHex(r.bytes(16)).replace(
        /^(.{8})(.{4})(.{4})(.{4})(.{12})$/,
        '$1-$2-$3-$4-$5',
      );
      id = `${uuid}:${r.u16()}:${r.u16()}`;
    } else {
      id = `${toHex(r.bytes(10))}:${toHex(r.bytes(6))}`;
    }
    const beacon: BleBeacon = { id, rssi: r.i8() };
    if (flags & 0x02) beacon.batteryVoltage = r.u16() / 100;
    if (flags & 0x04) r.u16(); // temperature: scale not documented for this record, not reported
    beacons.push(beacon);
  }
  return beacons;
}
