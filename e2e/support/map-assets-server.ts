import { createServer } from 'node:http';
import { MAP_ASSETS_PORT } from './servers';

/**
 * Stands in for the outside map services an installation may configure (spec: MAP_STYLE_URL,
 * SATELLITE_URL), which cannot be reached from here: a MapLibre style and a raster tile
 * service, over real HTTP, so the browser test of a configured map loads them as it would in
 * production; and the accounts' embedded custom reports (DEMO_REPORT_URL): one page, and one
 * address that never answers. Started by support/start-servers.ts.
 */

/** A style of its own: one background colour the bundled offline style never uses. */
const CONFIGURED_STYLE = {
  version: 8,
  name: 'Configured basemap (browser tests)',
  sources: {},
  layers: [
    { id: 'configured-background', type: 'background', paint: { 'background-color': '#f4e1c1' } },
  ],
};

/**
 * Every satellite tile: one dark green pixel as a PNG (MapLibre stretches it over the tile).
 * The test checks that imagery is asked for and served, not what it shows.
 */
const tile = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNQclECAAEUAIninQ47AAAAAElFTkSuQmCC',
  'base64',
);

/** The demo installation's custom report (DEMO_REPORT_URL): a page to show in its frame. */
const REPORT_PAGE = '<!doctype html><title>Stand-in report</title><h1>Stand-in report</h1>';

createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  // The app is on another port: the browser asks with CORS, as it would a real tile service.
  response.setHeader('access-control-allow-origin', '*');
  if (path === '/health') {
    response.end('ok');
  } else if (path === '/style.json') {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(CONFIGURED_STYLE));
  } else if (path === '/report') {
    response.setHeader('content-type', 'text/html');
    response.end(REPORT_PAGE);
  } else if (path === '/report-unreachable') {
    // The configured installation's report: the connection drops with no answer, as when
    // the report's host is offline or blocked.
    request.socket.destroy();
  } else if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path)) {
    response.setHeader('content-type', 'image/png');
    response.end(tile);
  } else {
    response.statusCode = 404;
    response.end();
  }
}).listen(MAP_ASSETS_PORT, '127.0.0.1');
