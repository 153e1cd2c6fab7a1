import { describe, expect, it } from 'vitest';
import { RUPTELA_CAPTURES } from './ruptela.captures';
import { ruptelaProtocol } from './ruptela.decoder';
import { encodeRuptelaCommand } from './ruptela.encoder';

// Expected values worked out by hand from the hex of Traccar's captures (ruptela.captures.ts):
// a 1e-7 degree integer is the coordinate, altitude in decimetres, course in 1/100 degree.
const NOW = new Date('2024-05-01T12:00:00Z');
const decode = (type: string, index: number) =>
  ruptelaProtocol.decode(
    ruptelaProtocol.createSession(),
    Buffer.from(RUPTELA_CAPTURES[type]![index]!.hex, 'hex'),
    NOW,
  );

describe('Ruptela decoder on real captures', () => {
  it('decodes every capture whole, one message each', () => {
    const counts = Object.entries(RUPTELA_CAPTURES).map(([type, list]) => [
      type,
      list.length,
      list.filter((_, i) => {
        const r = decode(type, i);
        return r.messages.length === 1 && r.consumed === list[i]!.hex.length / 2;
      }).length,
    ]);
    expect(counts).toEqual([
      ['0x01 records', 5, 5],
      ['0x44 extended records', 2, 2],
      ['0x25 file', 1, 1],
      ['0x0f identification', 1, 1],
      ['0x07 SMS via GPRS answer', 2, 2],
      ['0x09 DTCs', 1, 1],
    ]);
  });

  it('reads a record: IMEI 863071016796572, 2015-10-06 14:21:33 at 5.6292216, -0.067495, answered 0064 01', () => {
    const { messages } = decode('0x01 records', 0);
    const [position] = messages[0]!.positions;
    // 5613d8ed = 1444141293 s; fff5b37a = -674950; 035af378 = 56292216; 01e7 = 487 dm; 09 sats
    expect(position).toMatchObject({
      serial: '863071016796572',
      deviceTime: new Date('2015-10-06T14:21:33Z'),
      lat: 5.6292216,
      lng: -0.067495,
      altitude: 48.7,
      course: 0,
      satellites: 9,
      speed: 0,
      speedUnit: 'kmh',
      valid: true,
    });
    expect(position!.attributes).toMatchObject({ hdop: 1.3, event: 7 });
    expect(Buffer.from(messages[0]!.reply!).toString('hex')).toBe('0002640113bc');
  });

  it('reads five records of one packet in order (IMEI 013227001564487, 2014-01-19)', () => {
    const { messages } = decode('0x01 records', 4);
    const rows = messages[0]!.positions.map((p) => [
      p.deviceTime.toISOString().slice(11, 19),
      p.lat,
      p.lng,
      p.altitude,
      p.satellites,
    ]);
    expect(messages[0]!.serial).toBe('013227001564487');
    expect(rows).toEqual([
      ['05:04:02', 44.972635, 41.0749733, 217.2, 10],
      ['05:05:02', 44.9726233, 41.0749616, 216.9, 9],
      ['05:06:02', 44.9726283, 41.0749733, 220.5, 9],
      ['05:07:02', 44.97263, 41.074985, 225.3, 8],
      ['05:08:02', 44.9726183, 41.0749716, 222.7, 8],
    ]);
  });

  it('joins the parts of an extended record (record extension 30, 31, 32, 33) into one position', () => {
    const first = decode('0x44 extended records', 0).messages[0]!;
    // 58068f4a = 1476824906 s = 2016-10-18 21:08:26; 0d11398a = 219232650; 1c0c19fd = 470555133
    expect(first.positions).toHaveLength(1);
    expect(first.positions[0]).toMatchObject({
      serial: '868324023580306',
      deviceTime: new Date('2016-10-18T21:08:26Z'),
      lat: 47.0555133,
      lng: 21.923265,
      ignition: false, // IO 409 = 0
    });
    // IO 175 (4 bytes, third part: 000e8724 = 952100) and IO 29 of the last part join the first.
    expect(first.positions[0]!.attributes).toMatchObject({ io175: 952100 });
    const second = decode('0x44 extended records', 1).messages[0]!;
    // Two records of four parts each, 58068f3b = 21:08:11, time extensions 00 and 01.
    expect(second.positions.map((p) => p.deviceTime.toISOString())).toEqual([
      '2016-10-18T21:08:11.000Z',
      '2016-10-18T21:08:11.000Z',
    ]);
  });

  it('reads trouble codes past a length field that says 11 for 48 bytes, answered 006d 01', () => {
    const result = decode('0x09 DTCs', 0);
    const message = result.messages[0]!;
    // 4e9caf2c = 1318891308 s; 07d608f1 = 131467505; 1a1480ba = 437551290
    expect(
      message.positions.map((p) => [p.deviceTime.toISOString(), p.lat, p.lng, p.attributes]),
    ).toEqual([
      ['2011-10-17T22:41:48.000Z', 43.755129, 13.1467505, { dtc: 'P0010' }],
      ['2011-10-17T22:41:48.000Z', 43.755129, 13.1467505, { dtc: 'P0011', archive: true }],
    ]);
    expect(Buffer.from(message.reply!).toString('hex')).toBe('00026d01c4a4');
    expect(result.notices?.map((n) => n.kind)).toEqual(['resynchronised']);
  });

  it('passes an SMS-via-GPRS answer on as the command response, identification answered 0073 01', () => {
    expect(decode('0x07 SMS via GPRS answer', 0).messages[0]!.commandResponse).toBe(
      'SMS via GPRS: SETIO configuration data ok',
    );
    expect(decode('0x07 SMS via GPRS answer', 1).messages[0]!.commandResponse).toBe(
      'SMS via GPRS: DIN1=1,DIN2=0,DIN3=0,DIN4=0,DOUT1=1,DOUT2=1,AIN1=17,AIN2=26',
    );
    const identification = decode('0x0f identification', 0).messages[0]!;
    expect(identification.serial).toBe('868324021101311');
    // 0x73 = 115, identification (15) + 100; its CRC-16/KERMIT over 73 01.
    expect(Buffer.from(identification.reply!).toString('hex')).toBe('00027301cb25');
    expect(decode('0x25 file', 0).messages[0]).toEqual({
      serial: '866600048995021',
      positions: [],
    });
  });

  it('encodes a text command as SMS via GPRS (108) and refuses what is not one', () => {
    // 0x6c = 108; "coords" = 636f6f726473; length 7.
    expect(Buffer.from(encodeRuptelaCommand('coords')).toString('hex').slice(0, 18)).toBe(
      '00076c636f6f726473',
    );
    expect(() => encodeRuptelaCommand('')).toThrow(/Ruptela command must be 1 to 160/);
  });
});
