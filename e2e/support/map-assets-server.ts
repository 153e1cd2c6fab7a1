import { createServer } from 'node:http';
import { deflateSync } from 'node:zlib';

/**
 * Stands in for the outside map services an installation may configure (spec: MAP_STYLE_URL,
 * SATELLITE_URL), which cannot be reached from here: a MapLibre style and a raster tile
 * service, over real HTTP, so the browser test of a configured map loads them as it would in
 * production. Started by playwright.config.ts.
 */

const port = Number(process.env.PORT ?? 8183);

/** A style of its own: one background colour the bundled offline style never uses. */
export const CONFIGURED_STYLE = {
  version: 8,
  name: 'Configured basemap (browser tests)',
  sources: {},
  layers: [
    { id: 'configured-background', type: 'background', paint: { 'background-color': '#f4e1c1' } },
  ],
};

/** One 256×256 tile of a single colour, as a PNG (what a satellite tile service answers). */
function solidPng(rgb: [number, number, number]): Buffer {
  const size = 256;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill(rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const tile = solidPng([34, 68, 34]);

createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  // The app is on another port: the browser asks with CORS, as it would a real tile service.
  response.setHeader('access-control-allow-origin', '*');
  if (path === '/health') {
    response.end('ok');
  } else if (path === '/style.json') {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(CONFIGURED_STYLE));
  } else if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path)) {
    response.setHeader('content-type', 'image/png');
    response.end(tile);
  } else {
    response.statusCode = 404;
    response.end();
  }
}).listen(port, '127.0.0.1');
