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
      { type: '0x11 GPS+LBS, wide cell', captures: 1, decoded: 1, positions: 1, statuses: 0 },
      { type: '0x1E GPS+LBS extended', captures: 1, decoded: 1, positions: 1, statuses: 0 },
      { type: '0x37 GPS+LBS with modules', captures: 1, decoded: 1, positions: 1, statuses: 0 },
      { type: '0x38 4G GPS+LBS', captures: 1, decoded: 1, positions: 1, statuses: 0 },
      { type: '0x34 X1 location', captures: 3, decoded: 3, positions: 3, statuses: 0 },
      { type: '0x32 AZ735 location', captures: 4, decoded: 4, positions: 1, statuses: 3 },
      { type: '0x22 GPS+LBS', captures: 7, decoded: 7, positions: 7, statuses: 0 },
      { type: '0xA0 4G GPS+LBS', captures: 2, decoded: 2, positions: 2, statuses: 0 },
      { type: '0x13 heartbeat', captures: 6, decoded: 6, positions: 0, statuses: 6 },
      { type: '0x23 heartbeat', captures: 1, decoded: 1, positions: 0, statuses: 1 },
      { type: '0x36 heartbeat with modules', captures: 1, decoded: 1, positions: 0, statuses: 1 },
      { type: '0x16 alarm', captures: 13, decoded: 13, positions: 13, statuses: 0 },
      { type: '0x26 alarm', captures: 2, decoded: 2, positions: 2, statuses: 0 },
      { type: '0x19 LBS alarm', captures: 3, decoded: 3, positions: 0, statuses: 3 },
      { type: '0xA4 4G multi-fence alarm', captures: 1, decoded: 1, positions: 1, statuses: 0 },
      { type: '0x95 alarm', captures: 6, decoded: 6, positions: 3, statuses: 3 },
      { type: '0x28 LBS multi-cell', captures: 2, decoded: 2, positions: 0, statuses: 2 },
      { type: '0x24 LBS multi-cell, counted', captures: 1, decoded: 1, positions: 0, statuses: 1 },
      { type: '0xA2 4G Wi-Fi', captures: 3, decoded: 3, positions: 0, statuses: 3 },
      { type: '0xA2 LW4G GPS+LBS', captures: 1, decoded: 1, positions: 1, statuses: 0 },
      { type: '0x70 modular', captures: 4, decoded: 4, positions: 2, statuses: 2 },
      { type: '0x2C Wi-Fi', captures: 2, decoded: 2, positions: 0, statuses: 2 },
      // Door status, RFID and the like: accepted, nothing Waymark stores.
      { type: '0x94 information', captures: 11, decoded: 11, positions: 0, statuses: 6 },
      { type: '0x15 / 0x21 command reply', captures: 4, decoded: 4, positions: 0, statuses: 1 },
      { type: '0x8A time request', captures: 1, decoded: 1, positions: 0, statuses: 0 },
      { type: 'other types', captures: 5, decoded: 5, positions: 0, statuses: 0 },
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

  it('reads 0x11 with its 2-byte MNC and 4-byte cell ID, 0x1E with its serving cell', () => {
    const [wide] = decode(capture('0x11 GPS+LBS, wide cell', 0)).message.positions;
    expect(wide).toMatchObject({
      deviceTime: new Date('2021-11-11T02:44:48Z'),
      valid: true,
      satellites: 8,
      cell: { mcc: 302, mnc: 720, lac: 0x75df, cid: 0x0084890c },
    });
    expect(wide!.lat).toBeCloseTo(43.970484, 5);
    expect(wide!.lng).toBeCloseTo(-79.263956, 5);
    const [extended] = decode(capture('0x1E GPS+LBS extended', 0)).message.positions;
    expect(extended).toMatchObject({
      deviceTime: new Date('2014-03-17T11:05:17Z'),
      course: 166,
      speed: 2,
      cell: { mcc: 736, mnc: 3, lac: 0x433a, cid: 0x2fed, rssi: -64 },
    });
    expect(extended!.lat).toBeCloseTo(-16.543998, 5);
  });

  it('reads the 4G 0x38: a fix flagged unpositioned, its LTE cell, the modules after it, no answer', () => {
    const { message } = decode(capture('0x38 4G GPS+LBS', 0));
    const [p] = message.positions;
    // 0xCCAB: ACC on, not positioned, west, north, course 0x0AB; Costa Rica's MCC 712 agrees.
    expect(p).toMatchObject({
      deviceTime: new Date('2025-05-14T14:12:38Z'),
      valid: false,
      satellites: 5,
      speed: 0,
      course: 171,
      ignition: true,
      cell: { mcc: 712, mnc: 1, lac: 0x0c24, cid: 0x048b08 },
      attributes: { uploadMode: 0x0e, reupload: false, odometer: 0x15c4 },
    });
    // Degrees × 1 800 000: 0x010FD98E and 0x0905F530.
    expect(p!.lat).toBeCloseTo(9.89775, 6);
    expect(p!.lng).toBeCloseTo(-84.102996, 6);
    expect(p!.accuracy).toBeUndefined(); // the module says 0
    expect(message.reply).toBeUndefined();
  });

  it('reads the 0x36 heartbeat modules: battery volts and percent, and acknowledges it', () => {
    const { message } = decode(capture('0x36 heartbeat with modules', 0));
    expect(message.positions).toEqual([]);
    expect(message.status).toMatchObject({
      batteryVoltage: 4.02,
      battery: 95, // module 0x006A overrides the level byte's 5/6
      gsmSignal: 4,
      ignition: false,
      charging: false,
      attributes: { batteryLevel: 5, startupStatus: 1 },
    });
    expect(message.status?.alarm).toBeUndefined();
    // The answer: 78 78 05 36, the packet's serial number 0x0324, CRC-ITU 0x8FB0 (worked out
    // apart from the code, as X.25 over 05 36 03 24), 0D 0A.
    expect(Buffer.from(message.reply!).toString('hex')).toBe('7878053603248fb00d0a');
  });

  it('reads the LW4G 0xA2 as a position with its status, mileage and hours, not as a Wi-Fi scan', () => {
    const { message } = decode(capture('0xA2 LW4G GPS+LBS', 0));
    const [p] = message.positions;
    // 0x1C6A: positioned, west, north, course 0x06A; Colombia's MCC 732 agrees.
    expect(p).toMatchObject({
      deviceTime: new Date('2024-11-15T15:52:07Z'),
      valid: true,
      satellites: 15,
      course: 106,
      cell: { mcc: 732, mnc: 0x65, lac: 0x6981, cid: 0x095674c9 },
      gsmSignal: 4,
      battery: 42,
      attributes: { odometer: 0x4b31, hours: 0, input: 0x0200, batteryLevel: 42 },
    });
    // 0x00602CD2 and 0x08354064 over 1 800 000.
    expect(p!.lat).toBeCloseTo(3.501628, 6);
    expect(p!.lng).toBeCloseTo(-76.504233, 6);
    expect(p!.attributes?.externalVoltage).toBeUndefined(); // it sends 0
    expect(message.radio).toBeUndefined();
    expect(Buffer.from(message.reply!).toString('hex')).toBe('787805a201a2b7260d0a');
  });

  it('reads the 0x37 modules: mileage and accuracy after the ACC tail', () => {
    const [p] = decode(capture('0x37 GPS+LBS with modules', 0)).message.positions;
    expect(p).toMatchObject({
      deviceTime: new Date('2020-08-13T05:00:10Z'),
      cell: { mcc: 510, mnc: 10, lac: 0x05ea, cid: 0x4f1b },
      ignition: false,
      accuracy: 60.8,
      attributes: { reupload: true, odometer: 9000 },
    });
  });

  it('turns 0x24 and the 4G 0xA2 into status and a scan for the cell locator', () => {
    const counted = decode(capture('0x24 LBS multi-cell, counted', 0)).message;
    expect(counted.positions).toEqual([]);
    expect(counted.radio?.cells).toEqual([
      { mcc: 404, mnc: 98, lac: 0x13ee, cid: 0x606a, rssi: -52 },
      { mcc: 404, mnc: 98, lac: 0x13ee, cid: 0x6069, rssi: -46 },
    ]);
    const lte = decode(capture('0xA2 4G Wi-Fi', 1)).message;
    expect(lte.status).toMatchObject({ cell: { mcc: 310, mnc: 4, lac: 0x5912, cid: 0x9d7c01 } });
    expect(lte.radio).toMatchObject({
      radioType: 'lte',
      wifi: [
        { mac: '3c:1e:04:dd:c2:8a', rssi: -90 },
        { mac: '00:18:01:eb:40:39', rssi: -55 },
      ],
    });
    expect(lte.radio?.cells).toHaveLength(1); // the serving cell, repeated seven times
  });

  it('reads the X1 location 0x34: cell with a 4-byte ID, mileage, battery and power', () => {
    const { message } = decode(capture('0x34 X1 location', 0));
    const [p] = message.positions;
    expect(p).toMatchObject({
      deviceTime: new Date('2017-06-24T09:19:12Z'),
      valid: true,
      satellites: 9,
      cell: { mcc: 404, mnc: 11, lac: 0xb1, cid: 0x47ff },
      batteryVoltage: 12.8,
      attributes: { odometer: 0, externalVoltage: 3.99 },
    });
    expect(p!.lat).toBeCloseTo(28.562367, 5); // 0x03107D24 / 1 800 000
    expect(p!.lng).toBeCloseTo(77.20652, 5);
    expect(message.reply).toBeUndefined();
  });

  it('reads the AZ735 0x32: a fix as a position with its cell, no fix as status and a scan; acknowledged in a 7979 frame', () => {
    const fix = decode(capture('0x32 AZ735 location', 0)).message;
    // 00a87558 / 1 800 000 south (bit 10 clear), 0b7ab4f0 / 1 800 000 east; flags 0x1035.
    expect(fix.positions[0]).toMatchObject({
      deviceTime: new Date('2017-06-23T12:27:24Z'),
      valid: true,
      satellites: 9,
      speed: 0,
      course: 0x035,
      cell: { mcc: 510, mnc: 10, lac: 0x007c, cid: 0x000911, rssi: -0x24 },
    });
    expect(fix.positions[0]!.lat).toBeCloseTo(-0x00a87558 / 1_800_000, 6);
    expect(fix.positions[0]!.lng).toBeCloseTo(0x0b7ab4f0 / 1_800_000, 6);
    expect(Buffer.from(fix.reply!).toString('hex')).toMatch(/^797900053200bc[0-9a-f]{4}0d0a$/);

    const scan = decode(capture('0x32 AZ735 location', 1)).message;
    expect(scan.positions).toEqual([]);
    expect(scan.status).toMatchObject({ cell: { mcc: 510, lac: 0x007c, cid: 0x000911 } });
    expect(scan.radio?.cells.map((c) => c.cid)).toEqual([0x000911, 0x000912, 0x004efe, 0x00100f]);
    expect(scan.radio?.wifi).toEqual([{ mac: '10:be:f5:65:57:4e', rssi: -0x37 }]);

    const wifi = decode(capture('0x32 AZ735 location', 3)).message.radio!;
    expect(wifi.cells).toHaveLength(5);
    expect(wifi.wifi).toHaveLength(8);
    expect(wifi.wifi[0]).toEqual({ mac: '44:d9:e7:f7:e1:77', rssi: -0x3d });
  });

  it('reads the modular 0x70: its fix module as a position with battery and event, acknowledged', () => {
    const { message } = decode(capture('0x70 modular', 1));
    const [p] = message.positions;
    expect(p).toMatchObject({
      deviceTime: new Date(0x5d7e3a18 * 1000),
      satellites: 6,
      altitude: 213,
      alarm: 'tamper', // event 0x14
      batteryVoltage: 3.7,
      attributes: { iccid: '89012608522933976266' },
    });
    expect(p!.lat).toBeCloseTo(0x04b598f7 / 1_800_000, 5);
    expect(message.reply).toBeDefined();
    // Zeros where the fix would be: a status, not a position at 1970.
    const noFix = decode(capture('0x70 modular', 3)).message;
    expect(noFix.positions).toEqual([]);
    expect(noFix.status).toMatchObject({ batteryVoltage: 3.86, iccid: '89340752000038689636' });
  });
});
