import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geolocationApiLocator } from '../adapters/cell-geolocation/geolocation-api-locator';
import { currentPositions, devices } from '../db/schema';
import { queryRows } from '../db/client';
import { createAccount, createDevice, createTestApp, type TestApp } from '../test/test-app';
import { startListeners } from './listeners';
import { GT06_CAPTURES } from './protocols/gt06/gt06.captures';
import { crcItu } from './protocols/gt06/gt06.crc';
import { encodeGt06Login } from './protocols/gt06/gt06.device';
import { TELTONIKA_CAPTURES } from './protocols/teltonika/teltonika.captures';
import { encodeTeltonikaImei } from './protocols/teltonika/teltonika.device';

/**
 * The GT06 and Teltonika listeners over real TCP, on the real pipeline and database: what a
 * field tracker sends reaches current positions, is acknowledged with the right bytes, and bent
 * input keeps the connection open while it is counted and logged once per connection. A local
 * HTTP stand-in plays the cell geolocation service.
 */
let t: TestApp;
let ingest: Awaited<ReturnType<typeof startListeners>>;
const logged: { level: string; fields: Record<string, unknown>; message: string }[] = [];
const lookups: unknown[] = [];
let geolocation: http.Server;

/** A logger that keeps what was logged (the outside world of the listener). */
function recordingLog(): FastifyBaseLogger {
  const record = (level: string) => (fields: Record<string, unknown> | string, message?: string) =>
    logged.push(
      typeof fields === 'string'
        ? { level, fields: {}, message: fields }
        : { level, fields, message: message ?? '' },
    );
  const log = {
    level: 'debug',
    fatal: record('fatal'),
    error: record('error'),
    warn: record('warn'),
    info: record('info'),
    debug: () => {},
    trace: () => {},
    silent: () => {},
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger;
}

beforeAll(async () => {
  t = await createTestApp();
  // Knows one Wi-Fi access point; fails for the cell 0x1bcf.
  geolocation = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(text) as {
        cellTowers: { cellId: number }[];
        wifiAccessPoints: { macAddress: string }[];
      };
      lookups.push(body);
      if (body.cellTowers[0]?.cellId === 0xbf) {
        response.writeHead(503).end();
        return;
      }
      const known = body.wifiAccessPoints.some((w) => w.macAddress === '00:18:01:eb:40:39');
      response.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(known ? { location: { lat: 41.8781, lng: -87.6298 }, accuracy: 35 } : {}),
      );
    });
  });
  await new Promise<void>((resolve) => geolocation.listen(0, '127.0.0.1', resolve));
  const cellLocator = geolocationApiLocator(
    `http://127.0.0.1:${(geolocation.address() as AddressInfo).port}/v1/geolocate`,
  );
  ingest = await startListeners(
    { pipeline: t.ctx.pipeline, bus: t.ctx.bus, cellLocator },
    { osmand: 0, gt06: 0, teltonika: 0 },
    recordingLog(),
  );
});
afterAll(async () => {
  await ingest.close();
  await new Promise<void>((resolve) => geolocation.close(() => resolve()));
  await t.close();
});

/** A TCP client that sends bytes and reads exactly the answers expected. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = Buffer.alloc(0);
  let closed = false;
  let wake: (() => void) | undefined;
  socket.on('data', (chunk) => {
    received = Buffer.concat([received, chunk]);
    wake?.();
  });
  socket.on('close', () => {
    closed = true;
    wake?.();
  });
  await new Promise((resolve) => socket.once('connect', resolve));
  const read = (bytes: number) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        if (received.length >= bytes) {
          const answer = received.subarray(0, bytes);
          received = received.subarray(bytes);
          wake = undefined;
          resolve(answer.toString('hex'));
        } else if (closed) reject(new Error('connection closed before the answer'));
      };
      wake = check;
      check();
    });
  return {
    send: (hex: string | Buffer) => socket.write(typeof hex === 'string' ? hex2(hex) : hex),
    read,
    get closed() {
      return closed;
    },
    close: () => socket.destroy(),
  };
}

const hex2 = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex');
const gt06 = (type: string, i: number) => GT06_CAPTURES[type]![i]!.hex;
const teltonika = (codec: string, i: number) => TELTONIKA_CAPTURES[codec]![i]!.hex;

/** GT06 server frame: 7878 05 <protocol> <serial number> CRC 0D0A. */
function gt06Ack(protocol: number, serialNo: number) {
  const body = Buffer.from([0x05, protocol, serialNo >> 8, serialNo & 0xff]);
  const crc = crcItu(body);
  return Buffer.concat([
    Buffer.from([0x78, 0x78]),
    body,
    Buffer.from([crc >> 8, crc & 0xff, 0x0d, 0x0a]),
  ]).toString('hex');
}

/** A frame's length byte changed as a miscounting device sends it: its CRC covers the byte. */
function withLengthByte(hex: string, length: number) {
  const frame = hex2(hex);
  frame[2] = length;
  frame.writeUInt16BE(crcItu(frame.subarray(2, frame.length - 4)), frame.length - 4);
  return frame;
}

async function trackerWith(serial: string) {
  const account = await createAccount(t);
  const device = await createDevice(t, account, { serial });
  // The pipeline learns of a device from the bus, as when a user adds it.
  t.ctx.bus.publish('device.changed', {
    account_id: account.id,
    device_id: device.id,
    serials: [serial],
  });
  await t.ctx.bus.flush();
  return device;
}

const current = async (deviceId: number) =>
  (await t.db.select().from(currentPositions).where(eq(currentPositions.device_id, deviceId)))[0];

describe('GT06 listener', () => {
  it('stores a 4G location of a field capture in current positions, and answers login and alarm with the right bytes', async () => {
    const device = await trackerWith('359339075012345');
    const tracker = await connect(ingest.listeners.gt06.port);
    tracker.send(encodeGt06Login('359339075012345', 1));
    expect(await tracker.read(10)).toBe(gt06Ack(0x01, 1));
    tracker.send(gt06('0xA0 4G GPS+LBS', 1));
    // A 0x26 alarm is acknowledged only once stored, so the location before it is stored too.
    tracker.send(gt06('0x26 alarm', 0));
    expect(await tracker.read(10)).toBe(gt06Ack(0x26, 0x000d));
    const stored = await current(device.id);
    expect(stored).toMatchObject({ fix: 'gps', fix_time: new Date('2023-07-04T17:34:38Z') });
    expect(stored!.lat).toBeCloseTo(-12.961349, 5);
    expect(stored!.lng).toBeCloseTo(-38.482907, 5);
    tracker.close();
  });

  it('stores the AZ735 0x32 fix of a field capture in history and answers it and a cell-only report in 7979 frames', async () => {
    const device = await trackerWith('359339075054321');
    const tracker = await connect(ingest.listeners.gt06.port);
    tracker.send(encodeGt06Login('359339075054321', 1));
    expect(await tracker.read(10)).toBe(gt06Ack(0x01, 1));
    // 7979, length 5, 0x32, the frame's serial number, CRC-ITU (computed apart from the server's).
    tracker.send(gt06('0x32 AZ735 location', 0));
    expect(await tracker.read(11)).toBe('797900053200bcedd10d0a');
    tracker.send(gt06('0x32 AZ735 location', 1));
    expect(await tracker.read(11)).toBe('797900053200b204af0d0a');
    const history = await queryRows<{ at_capture_time: boolean; lat: number; lng: number }>(
      t.db,
      sql`SELECT fix_time = '2017-06-23T12:27:24Z'::timestamptz AS at_capture_time, lat, lng
          FROM positions WHERE device_id = ${device.id}`,
    );
    expect(history).toHaveLength(1);
    expect(history[0]!.at_capture_time).toBe(true);
    expect(history[0]!.lat).toBeCloseTo(-0x00a87558 / 1_800_000, 5);
    expect(history[0]!.lng).toBeCloseTo(0x0b7ab4f0 / 1_800_000, 5);
    tracker.close();
  });

  it('keeps the connection open through a bad CRC and a wrong length byte, logging each once with the serial', async () => {
    await trackerWith('864717003283581');
    const before = { ...ingest.listeners.gt06.metrics };
    const tracker = await connect(ingest.listeners.gt06.port);
    tracker.send(gt06('0x01 login', 1));
    expect(await tracker.read(10)).toBe(gt06Ack(0x01, 0x0009));
    const badCrc = hex2(gt06('0x26 alarm', 0));
    badCrc[badCrc.length - 3] = badCrc[badCrc.length - 3]! ^ 0xff;
    tracker.send(badCrc);
    expect(await tracker.read(10)).toBe(gt06Ack(0x26, 0x000d));
    tracker.send(badCrc);
    expect(await tracker.read(10)).toBe(gt06Ack(0x26, 0x000d));
    tracker.send(withLengthByte(gt06('0x13 heartbeat', 0), 0x08));
    expect(await tracker.read(10)).toBe(gt06Ack(0x13, 0x000f));
    expect(tracker.closed).toBe(false);

    const metrics = ingest.listeners.gt06.metrics;
    expect(metrics.crcMismatches - before.crcMismatches).toBe(2);
    expect(metrics.resynchronised - before.resynchronised).toBe(1);
    expect(metrics.malformed).toBe(before.malformed);
    const warnings = logged.filter((l) => l.fields.serial === '864717003283581');
    expect(warnings.map((l) => [l.fields.kind, l.message])).toEqual([
      [
        'crc-mismatch',
        expect.stringMatching(
          /^GT06 0x26 frame: CRC .* decoded as its structure holds \(logged once per connection/,
        ),
      ],
      ['resynchronised', expect.stringMatching(/^GT06 0x13 frame: its length field says 8/)],
    ]);
    tracker.close();
  });

  it('closes a connection only for input that cannot be framed', async () => {
    const before = ingest.listeners.gt06.metrics.malformed;
    const client = await connect(ingest.listeners.gt06.port);
    client.send(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
    await expect(client.read(1)).rejects.toThrow('connection closed');
    expect(ingest.listeners.gt06.metrics.malformed).toBe(before + 1);
  });

  it('stores the ICCID and external voltage of 0x94 on the tracker', async () => {
    const device = await trackerWith('359339075012346');
    const tracker = await connect(ingest.listeners.gt06.port);
    tracker.send(encodeGt06Login('359339075012346', 1));
    await tracker.read(10);
    tracker.send(gt06('0x94 information', 2)); // ICCID
    tracker.send(gt06('0x94 information', 0)); // 2.37 V
    tracker.send(gt06('0x13 heartbeat', 0)); // answered once the batch before it is stored
    await tracker.read(10);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row).toMatchObject({ iccid: '8966051912408052452' });
    expect(row!.external_voltage).toBeCloseTo(2.37, 5);
    tracker.close();
  });

  it('places a Wi-Fi report through the cell geolocation service, and keeps one it cannot place as status', async () => {
    const device = await trackerWith('359339075012347');
    const before = { ...ingest.listeners.gt06.metrics };
    const tracker = await connect(ingest.listeners.gt06.port);
    tracker.send(encodeGt06Login('359339075012347', 1));
    await tracker.read(10);
    tracker.send(gt06('0x28 LBS multi-cell', 1)); // the service fails for its cell
    tracker.send(gt06('0x2C Wi-Fi', 1));
    tracker.send(gt06('0x13 heartbeat', 0));
    await tracker.read(10);
    expect(await current(device.id)).toMatchObject({
      fix: 'cell', // one access point: services place it by the cells
      lat: 41.8781,
      lng: -87.6298,
      accuracy: 35,
      fix_time: new Date('2017-03-11T01:38:41Z'),
    });
    const metrics = ingest.listeners.gt06.metrics;
    expect(metrics.cellLocated - before.cellLocated).toBe(1);
    expect(metrics.cellLookupsFailed - before.cellLookupsFailed).toBe(1);
    expect(lookups.length).toBeGreaterThanOrEqual(2);
    tracker.close();
  });
});

describe('Teltonika listener', () => {
  it('skips keep-alives before and after the handshake, stores the records and acknowledges their count', async () => {
    const device = await trackerWith('356307042441013');
    const before = ingest.listeners.teltonika.metrics.keepAlives;
    const tracker = await connect(ingest.listeners.teltonika.port);
    tracker.send('ff');
    tracker.send(encodeTeltonikaImei('356307042441013'));
    expect(await tracker.read(1)).toBe('01');
    tracker.send('ffff');
    tracker.send(teltonika('Codec 8', 1));
    expect(await tracker.read(4)).toBe('00000001');
    expect(tracker.closed).toBe(false);
    expect(ingest.listeners.teltonika.metrics.keepAlives - before).toBe(2);
    expect(await current(device.id)).toMatchObject({
      lat: 48.1523066,
      lng: 16.3745183,
      fix_time: new Date('2019-01-04T12:27:19Z'),
    });
    // Logged once per connection, with the serial it learnt after the first keep-alive.
    expect(
      logged.filter((l) => l.fields.kind === 'keep-alive' && l.fields.serial === '356307042441013'),
    ).toMatchObject([{ level: 'info' }]);
    tracker.close();
  });
});
