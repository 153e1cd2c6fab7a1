import { describe, expect, it } from 'vitest';
import { jt808Protocol } from './jt808.decoder';
import {
  encodeJt808Authentication,
  encodeJt808Batch,
  encodeJt808Location,
  encodeJt808Registration,
  encodeJt808TerminalResponse,
} from './jt808.device';
import type { Jt808Location, Jt808Unit } from './jt808.device';
import { encodeJt808Command } from './jt808.encoder';

/** What the simulator's terminals send, read back by the server's decoder in each edition. */
const NOW = new Date('2024-05-01T12:00:00Z');
const LOCATION: Jt808Location = {
  time: new Date('2024-05-01T11:59:30Z'),
  lat: -33.868819,
  lng: 151.209295,
  speedKmh: 62.4,
  course: 271,
  altitude: 38,
  valid: true,
  ignition: true,
  alarm: 'overspeed',
  satellites: 9,
  gsmSignal: 24,
  mileageKm: 12345.6,
  fuelLitres: 41.5,
  battery: 88,
};

const decodeOne = (session: ReturnType<typeof jt808Protocol.createSession>, frame: Buffer) => {
  const result = jt808Protocol.decode(session, frame, NOW);
  expect(result.notices).toBeUndefined();
  return result.messages[0]!;
};

describe.each(['2011', '2013', '2019'] as const)('a %s terminal', (edition) => {
  const unit: Jt808Unit = { phone: '13800138000', edition };

  it('registers, authenticates with the token it was given, and reports', () => {
    const session = jt808Protocol.createSession();
    const registered = decodeOne(
      session,
      encodeJt808Registration(unit, 1, {
        manufacturer: 'WAYMK',
        model: 'SIM-1',
        terminalId: 'T000001',
        plate: 'AB123',
      }),
    );
    expect(session.edition).toBe(edition);
    expect(registered.status?.attributes).toMatchObject({
      model: 'SIM-1',
      terminalId: 'T000001',
      plate: 'AB123',
    });
    const token = Buffer.from(registered.reply!)
      .subarray(edition === '2019' ? 21 : 16, -2)
      .toString('latin1');
    expect(token).toBe('13800138000');
    const auth = decodeOne(
      session,
      encodeJt808Authentication(unit, 2, token, '861234567890123', 'V1.0'),
    );
    expect(auth.reply).toBeDefined();
    if (edition === '2019')
      expect(auth.status?.attributes).toEqual({ imei: '861234567890123', firmware: 'V1.0' });

    const [p] = decodeOne(session, encodeJt808Location(unit, LOCATION, 3)).positions;
    expect(p).toMatchObject({
      serial: '13800138000',
      deviceTime: LOCATION.time,
      lat: -33.868819,
      lng: 151.209295,
      speed: 62.4,
      course: 271,
      altitude: 38,
      valid: true,
      ignition: true,
      alarm: 'overspeed',
      satellites: 9,
      gsmSignal: 24,
      battery: 88,
      attributes: { mileage: 12345.6, fuel: 41.5 },
    });
  });

  it('uploads a batch and answers a command with its common response', () => {
    const session = jt808Protocol.createSession();
    const older = { ...LOCATION, time: new Date('2024-04-30T08:00:00Z'), alarm: undefined };
    const batch = decodeOne(session, encodeJt808Batch(unit, [older, LOCATION], 1, true));
    expect(batch.positions.map((p) => p.attributes?.reupload)).toEqual([true, true]);
    const command = Buffer.from(encodeJt808Command(session, '0x0029=30'));
    const serialNo = command.readUInt16BE(edition === '2019' ? 15 : 11);
    const answer = decodeOne(
      session,
      encodeJt808TerminalResponse(unit, 2, { serialNo, messageId: 0x8103 }),
    );
    expect(answer.commandResponse).toBe('parameter settings (0x8103) succeeded');
  });
});
