import { describe, expect, it } from 'vitest';
import { decodedKind } from '../fuzz-ascii';
import { ProtocolError, type DecodedMessage } from '../types';
import { h02Protocol } from './h02.decoder';
import type { H02Session } from './h02.decoder';
import {
  DOC_ALRM,
  DOC_BC,
  DOC_V1,
  DOC_V4_S20,
  DOC_XT,
  H02_FIXTURES,
  h02Bytes,
} from './h02.fixtures';

// Fixtures and their sources: h02.fixtures.ts (the H02 protocol document V1.0.5's examples and
// the field captures published in Traccar's H02ProtocolDecoderTest).
const NOW = new Date('2024-05-01T12:00:00Z');

function decodeOne(text: string, session: H02Session = h02Protocol.createSession()) {
  const bytes = Buffer.from(text, 'latin1');
  const result = h02Protocol.decode(session, bytes, NOW);
  expect(result.consumed).toBe(bytes.length);
  expect(result.messages).toHaveLength(1);
  return result.messages[0]!;
}

describe('H02 fixtures', () => {
  it.each(H02_FIXTURES.map((f) => [f.source, f.type, f.text ?? f.hex!, f] as const))(
    '%s %s %s',
    (_source, _type, _packet, fixture) => {
      // A session that already knows its terminal, as one frame without a number needs.
      const session: H02Session = { serial: '2705171109' };
      let messages: DecodedMessage[];
      try {
        messages = h02Protocol.decode(session, h02Bytes(fixture), NOW).messages;
      } catch (error) {
        expect(error).toBeInstanceOf(ProtocolError);
        messages = [];
      }
      expect(decodedKind(messages)).toBe(fixture.decodes);
      // §2.1 protocol list: no uplink frame is answered.
      expect(messages.filter((m) => m.reply)).toEqual([]);
    },
  );
});

describe('H02 decoder', () => {
  it('reads the document V1: time, DDMM.MMMM, knots, course, status bits, battery and cell', () => {
    const message = decodeOne(DOC_V1);
    expect(message.serial).toBe('353505910449999');
    expect(message.reply).toBeUndefined();
    const [p] = message.positions;
    expect(p).toMatchObject({
      serial: '353505910449999',
      deviceTime: new Date('2014-08-18T05:28:25Z'),
      valid: true,
      speed: 0,
      speedUnit: 'knots',
      course: 348,
      ignition: true,
      battery: 90,
      cell: { mcc: 460, mnc: 0, lac: 9376, cid: 8532 },
      attributes: { status: 'FFFFFFFF', armed: false, engineCut: false },
    });
    expect(p!.alarm).toBeUndefined();
    expect(p!.lat).toBeCloseTo(22 + 39.421 / 60, 6);
    expect(p!.lng).toBeCloseTo(114 + 0.8825 / 60, 6);
  });

  it('gives the positions Traccar verified for its captures', () => {
    const costaRica = decodeOne(
      '*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF,712,01,0,0,6#',
    ).positions[0]!;
    expect(costaRica).toMatchObject({ deviceTime: new Date('2015-12-22T16:45:49Z'), valid: true });
    expect(costaRica.lat).toBeCloseTo(9.93978, 5);
    expect(costaRica.lng).toBeCloseTo(-84.11178, 5);
    expect(costaRica.ignition).toBe(false); // FFFFFBFF: "ACC off" bit cleared

    const noValidity = decodeOne(
      '*HQ,355488020119695,V1,050418,,2827.61232,N,07703.84822,E,0.00,0,031015,FFFEFBFF#',
    ).positions[0]!;
    expect(noValidity).toMatchObject({
      deviceTime: new Date('2015-10-03T05:04:18Z'),
      valid: false,
    });
    expect(noValidity.lat).toBeCloseTo(28.46021, 5);
    expect(noValidity.lng).toBeCloseTo(77.06414, 5);

    const dashed = decodeOne(
      '*HQ,1451316409,V1,030149,A,-23-29.0095,S,-46-51.5852,W,2.4,065,070315,FFFFFFFF#',
    ).positions[0]!;
    expect(dashed.lat).toBeCloseTo(-23.48349, 5);
    expect(dashed.lng).toBeCloseTo(-46.85975, 5);
    expect(dashed).toMatchObject({ speed: 2.4, course: 65 });

    const binary = h02Protocol.decode(
      h02Protocol.createSession(),
      Buffer.from(
        '24410600082621532131081504419390060740418306000000fffffbfdff0015060000002c02dc0c000000001f',
        'hex',
      ),
      NOW,
    ).messages[0]!;
    expect(binary.serial).toBe('4106000826');
    const [b] = binary.positions;
    expect(b).toMatchObject({ deviceTime: new Date('2015-08-31T21:53:21Z'), valid: true });
    // Traccar checks to 1e-5; its expected values are rounded to 5 decimals.
    expect(b!.lat).toBeCloseTo(4.69898, 4);
    expect(b!.lng).toBeCloseTo(-74.06971, 4);
  });

  it('turns the negative-logic status into alarms and flags (§2.4)', () => {
    // EEE7FBDF: second byte 0xE7 clears "host powered by the backup battery" (bit 19).
    const powerCut = decodeOne(
      '*HQ,4210209006,V1,054048,A,2828.2297,N,07733.4332,E,000.5,047,4,080918,EEE7FBDF,4261193,0#',
    ).positions[0]!;
    expect(powerCut).toMatchObject({
      alarm: 'powerCut',
      deviceTime: new Date('2018-09-08T05:40:48Z'),
    });
    // F7FFFBFF: first byte bit 3 "vehicle in the cut-off oil&engine state".
    expect(decodeOne(DOC_V4_S20).positions[0]!.attributes).toMatchObject({ engineCut: true });
    // FFFFFFEF: fourth byte bit 4, the no-entry / cross-border alarm.
    expect(
      decodeOne(
        '*HQ,353505220873067,V1,,V,4605.75732,N,01430.73863,E,0.00,0,,FFFFFFEF,125,194,  64,d3#',
      ).positions[0],
    ).toMatchObject({ alarm: 'geofence', deviceTime: NOW, attributes: { timeInvalid: true } });
  });

  it('reads an ALRM as the alarm its type names (§5: 1 SOS)', () => {
    const [p] = decodeOne(DOC_ALRM).positions;
    expect(p).toMatchObject({
      alarm: 'sos',
      deviceTime: new Date('2014-08-18T05:28:25Z'),
      valid: true,
    });
  });

  it('reads every point of a blind-spot upload, dated by day of month (§4)', () => {
    const message = decodeOne(DOC_BC, h02Protocol.createSession());
    expect(message.positions.map((p) => p.deviceTime)).toEqual([
      new Date('2024-04-03T18:25:12Z'),
      new Date('2024-04-03T18:26:12Z'),
    ]);
  });

  it('passes a V4 answer on as the command response, with its position', () => {
    const message = decodeOne(DOC_V4_S20);
    expect(message.commandResponse).toBe('S20,80');
    expect(message.positions[0]!.deviceTime).toEqual(new Date('2002-09-22T05:03:16Z'));
    expect(decodeOne('*HQ,135790246811221,V4,NXT#').commandResponse).toBe('NXT');
  });

  it('keeps heartbeats and cell reports as status, stamped with the server clock', () => {
    expect(decodeOne(DOC_XT).status).toEqual({ serial: '353505910449999', time: NOW });
    expect(
      decodeOne('*HQ,1700086468,LINK,180902,15,0,84,0,0,240517,FFFFFBFF#').status,
    ).toMatchObject({
      battery: 84,
      gsmSignal: 15,
      ignition: false,
    });
    expect(
      decodeOne('*HQ,1451316451,NBR,112315,724,10,2,2,215,2135,123,215,2131,121,011215,FFFFFFFF#')
        .status,
    ).toMatchObject({ cell: { mcc: 724, mnc: 10, lac: 215, cid: 2135 } });
  });

  it('decodes coalesced frames with CR/LF between them and waits for a split one', () => {
    const session = h02Protocol.createSession();
    const stream = Buffer.from(`${DOC_XT}\r\n${DOC_V1}\r\n${DOC_ALRM.slice(0, 30)}`, 'latin1');
    const first = h02Protocol.decode(session, stream, NOW);
    expect(first.messages.map((m) => m.positions.length)).toEqual([0, 1]);
    const rest = Buffer.concat([stream.subarray(first.consumed), Buffer.from(DOC_ALRM.slice(30))]);
    expect(h02Protocol.decode(session, rest, NOW).messages[0]!.positions[0]!.alarm).toBe('sos');
  });

  it('learns the binary frame length from the first read and keeps it', () => {
    const short = Buffer.from(
      '2441060116601245431311165035313006004318210e000000fffffbffff0024',
      'hex',
    );
    const session = h02Protocol.createSession();
    const result = h02Protocol.decode(session, Buffer.concat([short, short.subarray(0, 10)]), NOW);
    expect(result).toMatchObject({ consumed: 32 });
    expect(session.binaryLength).toBe(32);
    expect(h02Protocol.decode(session, short, NOW).messages).toHaveLength(1);
  });

  it('rejects garbage, bad numbers and frames without an end', () => {
    const fresh = () => h02Protocol.createSession();
    expect(() => h02Protocol.decode(fresh(), Buffer.from('GET / HTTP/1.1\r\n'), NOW)).toThrow(
      "H02 frame must start with '*' or '$'",
    );
    expect(() => decodeOne('*HQ,35350591044999X,XT#')).toThrow(
      'H02 terminal number must be digits',
    );
    expect(() =>
      decodeOne('*HQ,1,V1,052825,A,2275.4210,N,11400.8825,E,0.00,348,180814,FFFFFFFF#'),
    ).toThrow('H02 latitude minutes must be below 60');
    expect(() =>
      decodeOne('*HQ,1,V1,052825,A,9939.4210,N,11400.8825,E,0.00,348,180814,FFFFFFFF#'),
    ).toThrow('H02 latitude must be between -90 and 90');
    expect(() =>
      decodeOne('*HQ,1,V1,052825,A,2239.4210,N,11400.8825,E,-3,348,180814,FFFFFFFF#'),
    ).toThrow('H02 speed must be a number of at least 0');
    expect(() =>
      h02Protocol.decode(fresh(), Buffer.from(`*HQ,1,XT,${'0'.repeat(17_000)}`), NOW),
    ).toThrow("H02 text frame has no '#' within 16384 bytes");
    expect(() => decodeOne('*HQ,,XT#')).toThrow('never sent one');
  });
});
