import { describe, expect, it } from 'vitest';
import { GT06_CAPTURES } from './gt06.captures';
import type { Gt06Capture } from './gt06.captures';
import { gt06Protocol } from './gt06.decoder';
import { encodeGt06Login } from './gt06.device';

/** Decoders' tests on the field captures of gt06.captures.ts (sources named there). */
const NOW = new Date('2024-05-01T12:00:00Z');

function decode(capture: Gt06Capture, loggedIn = true) {
  const session = gt06Protocol.createSession();
  if (loggedIn)
    gt06Protocol.decode(session, encodeGt06Login(capture.imei ?? '359339075012345', 1), NOW);
  const bytes = Buffer.from(capture.hex, 'hex');
  const result = gt06Protocol.decode(session, bytes, NOW);
  expect(result.consumed).toBe(bytes.length);
  expect(result.messages).toHaveLength(1);
  return { ...result, message: result.messages[0]! };
}

const capture = (type: string, index: number) => GT06_CAPTURES[type]![index]!;

describe('GT06 field captures', () => {
  it('frames and decodes every capture of every message type', () => {
    const table = Object.entries(GT06_CAPTURES).map(([type, list]) => {
      const results = list.map((c) => decode(c, !type.startsWith('0x01')));
      const skipped = results.filter((r) => r.notices?.some((n) => n.kind === 'skipped-frame'));
      return {
        type,
        captures: list.length,
        decoded: list.length - skipped.length,
        positions: results.filter((r) => r.message.positions.length > 0).length,
        statuses: results.filter((r) => r.message.status).length,
      };
    });
    expect(table).toEqual([
      { type: '0x01 login', captures: 6, decoded: 6, positions: 0, statuses: 0 },
      { type: '0x10 GPS', captures: 3, decoded: 3, positions: 3, statuses: 0 },
      { type: '0x12 GPS+LBS', captures: 10, decoded: 10, positions: 10, statuses: 0 },
      { type: '0x22 GPS+LBS', captures: 7, decoded: 7, positions: 7, statuses: 0 },
      { type: '0xA0 4G GPS+LBS', captures: 2, decoded: 2, positions: 2, statuses: 0 },
      { type: '0x13 heartbeat', captures: 6, decoded: 6, positions: 0, statuses: 6 },
      { type: '0x23 heartbeat', captures: 1, decoded: 1, positions: 0, statuses: 1 },
      { type: '0x16 alarm', captures: 13, decoded: 13, positions: 13, statuses: 0 },
      { type: '0x26 alarm', captures: 2, decoded: 2, positions: 2, statuses: 0 },
      { type: '0x19 LBS alarm', captures: 3, decoded: 3, positions: 0, statuses: 3 },
      { type: '0xA4 4G multi-fence alarm', captures: 1, decoded: 1, positions: 1, statuses: 0 },
      { type: '0x95 alarm', captures: 6, decoded: 6, positions: 3, statuses: 3 },
      { type: '0x28 LBS multi-cell', captures: 2, decoded: 2, positions: 0, statuses: 2 },
      { type: '0x2C Wi-Fi', captures: 2, decoded: 2, positions: 0, statuses: 2 },
      // Door status, RFID and the like: accepted, nothing Waymark stores.
      { type: '0x94 information', captures: 11, decoded: 11, positions: 0, statuses: 6 },
      { type: '0x15 / 0x21 command reply', captures: 4, decoded: 4, positions: 0, statuses: 1 },
      { type: '0x8A time request', captures: 1, decoded: 1, positions: 0, statuses: 0 },
      { type: 'other types', captures: 6, decoded: 6, positions: 0, statuses: 0 },
    ]);
  });

  it('reads a GPS-only 0x10 whose length byte is short and which has no serial number or CRC', () => {
    const { message, notices } = decode(capture('0x10 GPS', 2));
    expect(message.positions[0]).toMatchObject({
      deviceTime: new Date('2017-09-28T11:27:41Z'),
      lat: 51.4469,
      valid: true,
      satellites: 9,
      course: 82,
    });
    expect(message.positions[0]!.lng).toBeCloseTo(5.521723, 5);
    expect(message.reply).toBeUndefined();
    expect(notices?.map((n) => n.kind)).toEqual(['resynchronised']);
  });

  it('reads the 4G 0xA0 location: 4-byte LAC, 8-byte cell ID, ACC', () => {
    const { message } = decode(capture('0xA0 4G GPS+LBS', 1));
    const [p] = message.positions;
    expect(p).toMatchObject({
      deviceTime: new Date('2023-07-04T17:34:38Z'),
      valid: false, // "positioned" bit clear
      satellites: 15,
      course: 275,
      ignition: true,
      cell: { mcc: 724, mnc: 2, lac: 0x9129, cid: 0x07186b8f },
    });
    expect(p!.lat).toBeCloseTo(-12.961349, 5);
    expect(p!.lng).toBeCloseTo(-38.482907, 5);
    expect(message.reply).toBeUndefined();
  });

  it('never reads the IMEI that some 0x12 / 0x22 firmwares put first as a date or coordinates', () => {
    const qh302r = decode(capture('0x12 GPS+LBS', 9)).message.positions[0]!;
    expect(qh302r).toMatchObject({
      serial: '866703066502297',
      deviceTime: new Date('2026-02-12T10:30:50Z'),
      lat: 13.48894,
      course: 250,
      cell: { mcc: 310, mnc: 110, lac: 1, cid: 0x010c },
    });
    expect(qh302r.lng).toBeCloseTo(144.82304, 5);
    const nt20 = decode(capture('0x22 GPS+LBS', 6)).message.positions[0]!;
    expect(nt20).toMatchObject({ deviceTime: new Date('2024-12-06T20:32:56Z'), satellites: 11 });
    expect(nt20.lat).toBeCloseTo(-29.755007, 5);
    expect(nt20.lng).toBeCloseTo(-57.085939, 5);
    expect(nt20.cell).toBeUndefined(); // its LBS block is zeros
  });

  it('reads the 0x16 alarm without an LBS length byte and its short status block', () => {
    const { message } = decode(capture('0x16 alarm', 0));
    expect(message.positions[0]).toMatchObject({
      alarm: 'sos', // terminal information bits 100
      ignition: true,
      gsmSignal: 4,
      cell: { mcc: 370, mnc: 2, lac: 0x5336, cid: 0x27db },
      attributes: { externalVoltage: 12.52 },
    });
    expect(message.reply).toBeDefined();
  });

  it('finds the status block of a 0x16 at its end, whatever the LBS length byte counted', () => {
    const tamper = decode(capture('0x16 alarm', 1)).message.positions[0]!;
    expect(tamper).toMatchObject({ battery: 93, alarm: 'tamper', cell: { mcc: 460, lac: 0x2503 } });
    const zeroLbs = decode(capture('0x16 alarm', 5)).message.positions[0]!;
    expect(zeroLbs).toMatchObject({ battery: 100, alarm: 'vibration', speed: 83 });
    expect(zeroLbs.cell).toBeUndefined();
  });

  it('reads the 4G multi-fence alarm 0xA4 and acknowledges it, though its CRC is wrong', () => {
    const { message, notices } = decode(capture('0xA4 4G multi-fence alarm', 0));
    expect(message.positions[0]).toMatchObject({
      deviceTime: new Date('2021-08-23T07:59:16Z'),
      alarm: 'lowBattery',
      charging: true,
      cell: { mcc: 460, mnc: 1, lac: 0x9a00, cid: 0x0a6f2401 },
      attributes: { fence: 255 },
    });
    expect(Buffer.from(message.reply!).toString('hex')).toBe('787805a40190736e0d0a');
    expect(notices?.map((n) => n.kind)).toEqual(['crc-mismatch']);
  });

  it('reads the 0x95 camera alarms: short as status, with a location as a position', () => {
    expect(decode(capture('0x95 alarm', 0)).message.status).toMatchObject({
      time: new Date('2019-10-07T18:35:32Z'),
      alarm: 'other',
    });
    const jc100 = decode(capture('0x95 alarm', 3)).message.positions[0]!;
    expect(jc100).toMatchObject({ lat: 50, lng: 19, course: 197, attributes: { event: 0x91 } });
    expect(jc100.speed).toBeUndefined();
    const jc400 = decode(capture('0x95 alarm', 5)).message.positions[0]!;
    expect(jc400).toMatchObject({
      deviceTime: new Date('2024-11-13T03:20:06Z'),
      speed: 44,
      satellites: 10,
      attributes: { externalVoltage: 13.8 },
    });
    expect(jc400.lat).toBeCloseTo(43.897038, 5);
    expect(jc400.lng).toBeCloseTo(-79.27096, 5);
  });

  it('reads external voltage and the ICCID from 0x94, in BCD, swapped BCD and text', () => {
    const status = (i: number) => decode(capture('0x94 information', i)).message.status;
    expect(status(0)).toMatchObject({ externalVoltage: 2.37 });
    expect(status(2)).toMatchObject({ iccid: '8966051912408052452' });
    expect(status(4)).toMatchObject({ iccid: '8960191302978058275' });
    expect(status(5)).toMatchObject({ iccid: '8997103101008959042' });
    expect(status(6)).toBeUndefined();
    expect(decode(capture('0x94 information', 0)).message.reply).toBeUndefined();
  });

  it('keeps the ICCID a 0x15 command reply carries', () => {
    const { message } = decode(capture('0x15 / 0x21 command reply', 2));
    expect(message.commandResponse).toBe('<ICCID:89882390000097302650>');
    expect(message.status).toMatchObject({ iccid: '89882390000097302650' });
  });

  it('turns 0x28 and 0x2C into a status with the serving cell and a scan of cells and Wi-Fi', () => {
    const lbs = decode(capture('0x28 LBS multi-cell', 0)).message;
    expect(lbs.positions).toEqual([]);
    expect(lbs.status).toMatchObject({
      time: new Date('2016-01-13T02:02:02Z'),
      cell: { mcc: 460, mnc: 0, lac: 0x287d, cid: 0x1f71, rssi: -62 },
    });
    expect(lbs.radio?.cells.map((c) => c.cid)).toEqual([0x1f71, 0x1f72, 0x1e23, 0x1f40]);
    const wifi = decode(capture('0x2C Wi-Fi', 1)).message.radio!;
    expect(wifi.cells).toHaveLength(5);
    expect(wifi.wifi).toEqual([{ mac: '00:18:01:eb:40:39', rssi: -62 }]);
  });
});
