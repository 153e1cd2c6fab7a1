import { describe, expect, it } from 'vitest';
import { decodedKind } from '../fuzz-ascii';
import { ProtocolError, type DecodedMessage } from '../types';
import { watchProtocol } from './watch.decoder';
import { AL, AL_INDEXED, LINK, LINK_BATTERY, UD, WATCH_FIXTURES } from './watch.fixtures';

// Fixtures and their source: watch.fixtures.ts (Traccar's WatchProtocolDecoderTest field
// captures, several of them the Watch protocol document's examples).
const NOW = new Date('2024-05-01T12:00:00Z');

function decodeOne(text: string) {
  const bytes = Buffer.from(text, 'latin1');
  const result = watchProtocol.decode(watchProtocol.createSession(), bytes, NOW);
  expect(result.consumed).toBe(bytes.length);
  expect(result.messages).toHaveLength(1);
  return result.messages[0]!;
}
const replyOf = (m: DecodedMessage) => Buffer.from(m.reply ?? []).toString('latin1');

describe('Watch fixtures', () => {
  it.each(WATCH_FIXTURES.map((f) => [f.type, f.text, f] as const))(
    '%s %s',
    (_type, _text, fixture) => {
      let messages: DecodedMessage[];
      try {
        messages = watchProtocol.decode(
          watchProtocol.createSession(),
          Buffer.from(fixture.text, 'latin1'),
          NOW,
        ).messages;
      } catch (error) {
        expect(error).toBeInstanceOf(ProtocolError);
        messages = [];
      }
      expect(decodedKind(messages)).toBe(fixture.decodes);
    },
  );
});

describe('Watch decoder', () => {
  it('answers the link-keep with LK in the unit’s own maker code, and keeps its battery', () => {
    expect(replyOf(decodeOne(LINK))).toBe('[SG*8800000015*0002*LK]');
    const withBattery = decodeOne(LINK_BATTERY);
    expect(replyOf(withBattery)).toBe('[3G*4700186508*0002*LK]');
    expect(withBattery.status).toMatchObject({
      serial: '4700186508',
      battery: 100,
      attributes: { steps: 0 },
    });
  });

  it('reads the document’s UD: UTC time, decimal degrees, km/h, battery, first cell; no answer', () => {
    const message = decodeOne(UD);
    expect(message.reply).toBeUndefined();
    expect(message.positions[0]).toEqual({
      serial: '8800000015',
      deviceTime: new Date('2014-04-22T13:46:52Z'),
      lat: 22.571707,
      lng: 113.8613968,
      valid: true,
      fix: 'gps',
      speed: 0.1,
      speedUnit: 'kmh',
      course: 0,
      altitude: 100,
      satellites: 7,
      gsmSignal: 60,
      battery: 90,
      cell: { mcc: 460, mnc: 0, lac: 9360, cid: 4082 },
      attributes: { steps: 1000 },
    });
  });

  it('answers an alarm with AL, repeating the index of firmwares that number frames', () => {
    const alarm = decodeOne(AL);
    expect(replyOf(alarm)).toBe('[SG*8800000015*0002*AL]');
    // Status 0001: "low battery" state, an alarm only because the frame is AL.
    expect(alarm.positions[0]).toMatchObject({ alarm: 'lowBattery' });
    const indexed = decodeOne(AL_INDEXED);
    expect(replyOf(indexed)).toBe('[ZJ*014111001332708*0075*0002*AL]');
    expect(indexed.positions[0]).toMatchObject({ alarm: 'tamper' }); // bit 20: watch taken off
  });

  it('takes the sign of the value and of the hemisphere as Traccar verified', () => {
    const [p] = decodeOne(
      '[3G*6105117105*008D*UD2,210716,231601,V,-33.480366,N,-70.7630692,E,0.00,0.0,0.0,0,100,34,0,0,00000000,3,255,730,2,29731,54315,167,29731,54316,162,29731,54317,145]',
    ).positions;
    expect(p).toMatchObject({ deviceTime: new Date('2016-07-21T23:16:01Z'), valid: false });
    expect(p!.lat).toBeCloseTo(-33.48037, 5);
    expect(p!.lng).toBeCloseTo(-70.76307, 5);
    const [west] = decodeOne(
      '[3G*6430073509*00E7*UD2,241016,081622,V,09.951861,N,-84.1422119,W,0.00,0.0,0.0,0,39,94,0,0,00000000,1,0,712,3,2007,18961,123]',
    ).positions;
    expect(west!.lng).toBeCloseTo(-84.1422119, 7);
  });

  it('keeps a report at 0,0 (no fix, cells and Wi-Fi only) as status with its alarm', () => {
    const message = decodeOne(
      '[3G*8809008845*00C0*AL,271219,094744,V,00.000000,N, 0.0000000,E,0.00,0.0,0.0,0,100,81,0,0,00010000,7,0,460,0,9336,3981,141]',
    );
    expect(message.positions).toEqual([]);
    expect(message.status).toMatchObject({
      alarm: 'sos',
      battery: 81,
      cell: { mcc: 460, lac: 9336 },
    });
    expect(replyOf(message)).toBe('[3G*8809008845*0002*AL]');
  });

  it('passes a command echo on as the answer, and health readings as status', () => {
    expect(decodeOne('[3G*8800000015*0005*VERNO,G29_V1.00]').commandResponse).toBe(
      'VERNO,G29_V1.00',
    );
    expect(decodeOne('[3G*4700609403*0013*bphrt,120,79,73,,,,]').status).toMatchObject({
      attributes: { pressureHigh: 120, pressureLow: 79, heartRate: 73 },
    });
  });

  it('undoes the 0x7D escapes of binary content', () => {
    const frame = Buffer.concat([
      Buffer.from('[CS*1234567890*0006*TK,', 'latin1'),
      Buffer.from([0x7d, 0x01, 0x7d, 0x02, 0x7d, 0x03, 0x7d, 0x04, 0x7d, 0x05]),
      Buffer.from(']', 'latin1'),
    ]);
    const result = watchProtocol.decode(watchProtocol.createSession(), frame, NOW);
    expect(result).toMatchObject({
      consumed: frame.length,
      messages: [{ serial: '1234567890', positions: [] }],
    });
  });

  it('decodes coalesced frames and waits for a split one', () => {
    const session = watchProtocol.createSession();
    const stream = Buffer.from(`${LINK}${UD}${AL.slice(0, 30)}`, 'latin1');
    const first = watchProtocol.decode(session, stream, NOW);
    expect(first.messages.map((m) => m.positions.length)).toEqual([0, 1]);
    const rest = Buffer.concat([stream.subarray(first.consumed), Buffer.from(AL.slice(30))]);
    expect(replyOf(watchProtocol.decode(session, rest, NOW).messages[0]!)).toBe(
      '[SG*8800000015*0002*AL]',
    );
  });

  it('rejects what is not a Watch frame and impossible coordinates', () => {
    expect(() => decodeOne('GET / HTTP/1.1\r\n')).toThrow("Watch frame must start with '['");
    expect(() => decodeOne('[SG*88,00*0002*LK]')).toThrow('Watch frame must start [MF*ID*LEN*');
    expect(() =>
      decodeOne('[SG*1*0010*UD,220414,134652,A,95.5,N,113.8,E,0,0,0,0,0,0,0,0,0]'),
    ).toThrow('Watch latitude must be between -90 and 90');
  });
});
