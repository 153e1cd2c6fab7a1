import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { scoutFleet } from '../../modules/scout/scout.fixture';
import { parseS3Url, s3Storage } from './s3-storage';

/**
 * Files on an S3-compatible bucket, against a local stand-in that speaks the object calls
 * (PUT, GET, DELETE on /bucket/key, NoSuchKey as S3 answers it) over real HTTP, so the AWS
 * SDK's own client, signing included, is exercised.
 */

const objects = new Map<string, Buffer>();
const authorizations: string[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = decodeURIComponent(new URL(request.url!, 'http://s3').pathname);
      authorizations.push(String(request.headers.authorization ?? ''));
      if (request.method === 'PUT') {
        objects.set(path, Buffer.concat(chunks));
        response.writeHead(200, { etag: '"stand-in"' }).end();
      } else if (request.method === 'GET' && objects.has(path)) {
        const body = objects.get(path)!;
        response.writeHead(200, { 'content-length': body.length }).end(body);
      } else if (request.method === 'GET') {
        response.writeHead(404, { 'content-type': 'application/xml' });
        response.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code>' +
            '<Message>The specified key does not exist.</Message></Error>',
        );
      } else if (request.method === 'DELETE') {
        objects.delete(path);
        response.writeHead(204).end();
      } else {
        response.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `s3://AKIDWAYMARK:s3cr3t@127.0.0.1:${port}/waymark-files/prod?tls=false&region=eu-west-1`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('parseS3Url', () => {
  it('reads the endpoint, bucket, prefix, region and keys', () => {
    expect(parseS3Url('s3://K%2F1:S@minio.local:9000/files/a/b?tls=false')).toEqual({
      endpoint: 'http://minio.local:9000',
      region: 'us-east-1',
      bucket: 'files',
      prefix: 'a/b/',
      accessKeyId: 'K/1',
      secretAccessKey: 'S',
    });
    expect(parseS3Url('s3://K:S@s3.amazonaws.com/files').endpoint).toBe('https://s3.amazonaws.com');
    expect(() => parseS3Url('s3://K:S@host')).toThrow(/bucket/);
  });
});

describe('s3Storage', () => {
  it('puts, gets and deletes objects under the prefix, signed with the keys', async () => {
    const storage = s3Storage(parseS3Url(url));
    await storage.put('exports/7/list.csv', 'name\nAlpha\n');
    expect(objects.get('/waymark-files/prod/exports/7/list.csv')?.toString()).toBe('name\nAlpha\n');
    expect((await storage.get('exports/7/list.csv'))?.toString()).toBe('name\nAlpha\n');
    expect(authorizations.at(-1)).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDWAYMARK\/\d{8}\/eu-west-1\/s3\//,
    );
    await storage.delete('exports/7/list.csv');
    expect(await storage.get('exports/7/list.csv')).toBeUndefined();
  });
});

describe('STORAGE_URL', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('keeps a chat file in the bucket, and downloads it from there', async () => {
    t = await createTestApp({ STORAGE_URL: url });
    const f = await scoutFleet(t);
    const boundary = '----waymark-s3-boundary';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stops.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\nname,lat\nDock,41.9\n\r\n--${boundary}--\r\n`,
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v2/files/upload',
      headers: { ...f.headers.admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const stored = [...objects.entries()].filter(([key]) => key.startsWith('/waymark-files/prod/'));
    expect(stored.map(([, body]) => body.toString())).toContain('name,lat\nDock,41.9\n');
    const download = await t.app.inject({
      url: uploaded.json().data.download_url,
      headers: f.headers.admin,
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('name,lat\nDock,41.9\n');
  });
});
