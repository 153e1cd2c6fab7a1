import type { DeviceStatus } from '@waymark/domain';
import { GB100 } from './queclink-binary.fields';

type InformationFields = Pick<
  DeviceStatus,
  'battery' | 'batteryVoltage' | 'externalVoltage' | 'iccid'
>;

/** GTINF: the report that carries every group of the +INF mask (bits 8-15). */
const GTINF = 1;
/**
 * Where the GTBAT group starts in a GB100 GTINF body (after device type and versions): GTVER
 * (hardware and MCU versions, reserved: 6 bytes), motion state, reserved, satellites, mode
 * (4), last fix time (7), reserved, response mask and IGN/IGF intervals (13).
 */
const GB100_BATTERY_AT = 6 + 4 + 7 + 13;

/**
 * The battery and power of a +INF, for the one layout seen in real captures: the GB100's
 * GTINF (Traccar's Gl200BinaryProtocolDecoderTest), whose GTBAT group is a status byte,
 * external power (mV), battery (mV), battery percent, followed by the ICCID's 10 BCD bytes.
 * Other models' groups differ in size and are not read; their +INF is a status with its name.
 */
export function readInformation(
  body: Buffer,
  deviceType: number | undefined,
  type: number,
): InformationFields {
  const at = GB100_BATTERY_AT;
  if (deviceType !== GB100 || type !== GTINF || body.length < at + 16) return {};
  const fields: InformationFields = {
    externalVoltage: body.readUInt16BE(at + 1) / 1000,
    batteryVoltage: body.readUInt16BE(at + 3) / 1000,
  };
  if (body[at + 5]! <= 100) fields.battery = body[at + 5]!;
  // BCD digits, padded with F: 89 35 10 ... 59 1F is 8935103226313921591.
  const iccid = body.toString('hex', at + 6, at + 16).replace(/f+$/, '');
  if (/^\d{19,20}$/.test(iccid)) fields.iccid = iccid;
  return fields;
}
