import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RadioScan } from '@waymark/domain';
import { geolocationApiLocator } from './geolocation-api-locator';

/**
 * A stand-in for a Geolocation API service over real HTTP: it answers by the serving cell's ID,
 * as a service answers by what it knows, and keeps the requests it was sent.
 */
const received: { url: string; method: string; body: unknown }[] = [];
const ANSWERS: Record<number, { status: number; body: unknown }> = {
  8049: { status: 200, body: { location: { lat: 23.1116, lng: 114.4093 }, accuracy: 850 } },
  404: {
    status: 404,
    body: { error: { code: 404, message: 'Not Found', errors: [{ reason: 'notFound' }] } },
  },
  500: { status: 500, body: { error: { code: 500 } } },
  7: { status: 200, body: { location: { lat: 123, lng: 0 }, accuracy: 10 } },
};
const server = http.createServer((request, response) => {
  let text = '';
  request.on('data', (chunk: Buffer) => (text += chunk.toString()));
  request.on('end', () => {
    const body = JSON.parse(text) as { cellTowers: { cellId: number }[] };
    received.push({ url: request.url ?? '', method: request.method ?? '', body });
    const answer = ANSWERS[body.cellTowers[0]?.cellId ?? 0] ?? ANSWERS[404]!;
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
});
let url: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/geolocate?key=test`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const scan = (cid: number): RadioScan => ({
  time: new Date('2016-01-13T02:02:02Z'),
  radioType: 'gsm',
  cells: [
    { mcc: 460, mnc: 0, lac: 10365, cid, rssi: -62 },
    { mcc: 460, mnc: 0, lac: 10365, cid: 8050 },
  ],
  wifi: [{ mac: '00:18:01:eb:40:39', rssi: -56 }],
});

describe('geolocationApiLocator', () => {
  it('posts the towers and access points in the Geolocation API shape and reads the answer', async () => {
    const place = await geolocationApiLocator(url).locate(scan(8049));
    expect(place).toEqual({ lat: 23.1116, lng: 114.4093, accuracy: 850 });
    expect(received.at(-1)).toEqual({
      url: '/v1/geolocate?key=test',
      method: 'POST',
      body: {
        considerIp: false,
        radioType: 'gsm',
        cellTowers: [
          {
            cellId: 8049,
            locationAreaCode: 10365,
            mobileCountryCode: 460,
            mobileNetworkCode: 0,
            signalStrength: -62,
          },
          { cellId: 8050, locationAreaCode: 10365, mobileCountryCode: 460, mobileNetworkCode: 0 },
        ],
        wifiAccessPoints: [{ macAddress: '00:18:01:eb:40:39', signalStrength: -56 }],
      },
    });
  });

  it('answers null when the service knows none of the towers', async () => {
    await expect(geolocationApiLocator(url).locate(scan(404))).resolves.toBeNull();
  });

  it('rejects when the service fails or answers an impossible place', async () => {
    await expect(geolocationApiLocator(url).locate(scan(500))).rejects.toThrow(
      'cell geolocation service answered 500',
    );
    await expect(geolocationApiLocator(url).locate(scan(7))).rejects.toThrow(
      /expected \{ location: \{ lat, lng \}, accuracy \}/,
    );
  });
});
