import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../config';
import { streetArchive } from '../../test/pmtiles-archive';
import { createTestApp, type TestApp } from '../../test/test-app';

const DALLAS: [number, number] = [-96.8, 32.78];
const ARCHIVE_URL = '/api/map/streets.pmtiles';

const dir = mkdtempSync(join(tmpdir(), 'waymark-pmtiles-'));
const archivePath = join(dir, 'region.pmtiles');
const archive = streetArchive(DALLAS, 0, 14);
writeFileSync(archivePath, archive);
// A file beside the archive: the route must never answer it.
writeFileSync(join(dir, 'secret.txt'), 'not part of the map');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAP_PMTILES: archivePath });
});
afterAll(() => t.close());

/** The browser's reader, fetching through the app's range answers. */
function appSource(): Source {
  return {
    getKey: () => ARCHIVE_URL,
    async getBytes(offset, length): Promise<RangeResponse> {
      const answer = await t.app.inject({
        url: ARCHIVE_URL,
        headers: { range: `bytes=${offset}-${offset + length - 1}` },
      });
      expect(answer.statusCode).toBe(206);
      const body = answer.rawPayload;
      return {
        data: body.buffer.slice(body.byteOffset, body.byteOffset + body.length) as ArrayBuffer,
        etag: answer.headers.etag as string,
      };
    },
  };
}

function tileOf([lon, lat]: [number, number], z: number) {
  const rad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lon + 180) / 360) * 2 ** z),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z),
  };
}

describe('GET /api/map/streets.pmtiles (MAP_PMTILES)', () => {
  it('answers a byte range with 206, its Content-Range and the bytes of the archive', async () => {
    const answer = await t.app.inject({ url: ARCHIVE_URL, headers: { range: 'bytes=0-126' } });
    expect(answer.statusCode).toBe(206);
    expect(answer.headers['content-range']).toBe(`bytes 0-126/${archive.length}`);
    expect(answer.headers['accept-ranges']).toBe('bytes');
    expect(answer.headers['content-length']).toBe('127');
    expect(answer.rawPayload.equals(archive.subarray(0, 127))).toBe(true);
    expect(answer.headers.etag).toBeTruthy();
    expect(answer.headers['last-modified']).toBeTruthy();
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers the whole archive without a range, and 304 for an unchanged ETag', async () => {
    const whole = await t.app.inject({ url: ARCHIVE_URL });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/vnd.pmtiles');
    expect(whole.rawPayload.equals(archive)).toBe(true);
    const again = await t.app.inject({
      url: ARCHIVE_URL,
      headers: { 'if-none-match': whole.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses a range outside the archive with 416 and the archive size', async () => {
    const answer = await t.app.inject({
      url: ARCHIVE_URL,
      headers: { range: `bytes=${archive.length}-${archive.length + 100}` },
    });
    expect(answer.statusCode).toBe(416);
    expect(answer.headers['content-range']).toBe(`bytes */${archive.length}`);
    expect(answer.json()).toEqual({ message: 'The range is outside the street map archive' });
  });

  it('serves only the archive, never a file beside it', async () => {
    for (const url of [
      '/api/map/secret.txt',
      '/api/map/streets.pmtiles/../secret.txt',
      '/api/map/%2e%2e/secret.txt',
    ]) {
      const answer = await t.app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toContain('not part of the map');
    }
  });

  it('is read tile by tile by the pmtiles reader the web app uses', async () => {
    const reader = new PMTiles(appSource());
    const header = await reader.getHeader();
    expect([header.minZoom, header.maxZoom]).toEqual([0, 14]);
    const { x, y } = tileOf(DALLAS, 14);
    const tile = await reader.getZxy(14, x, y);
    expect(tile).toBeDefined();
    const layers = new VectorTile(new PbfReader(new Uint8Array(tile!.data))).layers;
    expect(Object.keys(layers).sort()).toEqual(['earth', 'roads']);
    expect(layers.roads!.feature(0).properties).toMatchObject({
      kind: 'highway',
      name: 'Archive Highway',
    });
  });

  it('names the archive in the public config and allows no outside map host', async () => {
    const config = (await t.app.inject({ url: '/api/config' })).json().data;
    expect(config.map_pmtiles_url).toBe(ARCHIVE_URL);
    expect(config.map_style_url).toBe(null);
    const csp = (await t.app.inject({ url: '/api/health' })).headers[
      'content-security-policy'
    ] as string;
    expect(csp).not.toContain('openfreemap');
  });
});

describe('without MAP_PMTILES', () => {
  it('answers 404 saying no archive is configured', async () => {
    const plain = await createTestApp({ MAP_STYLE_URL: 'offline' });
    try {
      const answer = await plain.app.inject({ url: ARCHIVE_URL });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({
        message: 'No street map archive is configured (MAP_PMTILES)',
      });
      expect((await plain.app.inject({ url: '/api/config' })).json().data.map_pmtiles_url).toBe(
        null,
      );
    } finally {
      await plain.close();
    }
  });
});

describe('MAP_PMTILES at start', () => {
  it('refuses a file that is not a PMTiles archive, saying what it must be', () => {
    expect(() => parseConfig({ MAP_PMTILES: join(dir, 'secret.txt') })).toThrow(
      'MAP_PMTILES="' +
        join(dir, 'secret.txt') +
        '": must name a PMTiles v3 archive (a .pmtiles file) that this server can read',
    );
  });

  it('refuses MAP_STYLE_URL beside it: one street map', () => {
    expect(() =>
      parseConfig({ MAP_PMTILES: archivePath, MAP_STYLE_URL: 'https://tiles.example.test/s' }),
    ).toThrow(ConfigError);
  });
});
