import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { feature, mesh } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { BASEMAP_DIR, PLACE_TIERS, tierLoadZoom } from '../../apps/web/src/map/basemapPlaces';
import { offlineStyle } from '../../apps/web/src/map/basemapStyle';

const require = createRequire(import.meta.url);
const maplibreDist = dirname(require.resolve('maplibre-gl/dist/maplibre-gl.mjs'));

/**
 * The same Natural Earth and US Census shapes the app bundles, and the lakes and rivers of its
 * build (`webDist`/basemap), as GeoJSON.
 */
function basemapData(webDist: string) {
  const world = require('world-atlas/countries-50m.json') as Topology;
  const us = require('us-atlas/states-10m.json') as Topology;
  const water = JSON.parse(
    readFileSync(join(webDist, BASEMAP_DIR, 'water.json'), 'utf8'),
  ) as Topology;
  return {
    land: feature(world, world.objects.land!),
    lakes: feature(water, water.objects.lakes!),
    rivers: feature(water, water.objects.rivers!),
    borders: mesh(world, world.objects.countries as never, (a, b) => a !== b),
    states: mesh(us, us.objects.states as never, (a, b) => a !== b),
  };
}

/**
 * The app's way of loading place names, for a bare page's script (`map` and `tiers` in scope):
 * each places file once the zoom nears its tier (apps/web/src/map/basemap.ts, followPlaces).
 */
export const FOLLOW_PLACES = `// Like the app (apps/web/src/map/basemap.ts, followPlaces): a tier's file when the zoom nears it.
const pendingTiers = new Set(tiers);
function followPlaces() {
  for (const tier of pendingTiers) {
    if (map.getZoom() < tier.loadZoom) continue;
    pendingTiers.delete(tier);
    fetch('/${BASEMAP_DIR}/' + tier.id + '.json').then((r) => r.json()).then((rows) =>
      map.getSource(tier.id).setData({ type: 'FeatureCollection', features: rows.map(([name, lng, lat, zoom], rank) =>
        ({ type: 'Feature', geometry: { type: 'Point', coordinates: [lng, lat] }, properties: { name, zoom, rank } })) }));
  }
  if (pendingTiers.size === 0) map.off('zoom', followPlaces);
}`;

/**
 * The bare page: MapLibre alone, on the app's offline style, with the same points as one
 * clustered GeoJSON source (radius 40, like the trackers layer) and the same circle layers.
 * Place names come from the app's build the way the app loads them: each places file once the
 * zoom comes near its tier, the glyphs fetched by MapLibre from the same files.
 * Settled = the points source loaded and the map idle, marked as performance.mark('bare-settled').
 * Its button 'Show a point on map' opens a bare card: a MapLibre popup at the next point.
 */
const HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>bare MapLibre</title>
<link rel="stylesheet" href="/maplibre/maplibre-gl.css">
<style>html,body,#map{margin:0;width:100%;height:100%}</style></head>
<body><div id="map"></div>
<button id="show" style="position:absolute;top:8px;left:8px">Show a point on map</button>
<script type="module">
// ?w=&h=: the size of the app's map, so both draw the same number of pixels.
const size = new URLSearchParams(location.search);
if (size.get('w')) {
  const box = document.getElementById('map').style;
  box.width = size.get('w') + 'px';
  box.height = size.get('h') + 'px';
}
import { Map, Popup, setWorkerUrl } from '/maplibre/maplibre-gl.mjs';
setWorkerUrl('/maplibre/maplibre-gl-worker.mjs');
const [style, base, points, tiers] = await Promise.all(
  ['/style.json', '/basemap.json', '/points.geojson', '/place-tiers.json'].map((u) =>
    fetch(u).then((r) => r.json()),
  ),
);
const map = new Map({ container: 'map', style, center: [-98.5, 39.8], zoom: 5, minZoom: 1 });
window.__map = map;
${FOLLOW_PLACES}
map.on('load', () => {
  map.on('zoom', followPlaces);
  followPlaces();
  for (const id of ['land', 'lakes', 'rivers', 'borders', 'states']) map.getSource(id).setData(base[id]);
  performance.mark('bare-data');
  map.addSource('points', { type: 'geojson', data: points, cluster: true, clusterRadius: 40, clusterMaxZoom: 16 });
  map.addLayer({ id: 'clusters', type: 'circle', source: 'points', filter: ['has', 'point_count'],
    paint: { 'circle-color': '#1c7ed6', 'circle-opacity': 0.85,
      'circle-radius': ['step', ['get', 'point_count'], 14, 10, 17, 100, 21, 1000, 26],
      'circle-stroke-width': 3, 'circle-stroke-color': 'rgba(255,255,255,0.8)' } });
  map.addLayer({ id: 'points', type: 'circle', source: 'points', filter: ['!', ['has', 'point_count']],
    paint: { 'circle-radius': 7, 'circle-color': '#228be6', 'circle-stroke-width': 2, 'circle-stroke-color': '#fff' } });
  const check = () => {
    if (map.getSource('points').loaded() && map.loaded()) {
      map.off('idle', check);
      performance.mark('bare-settled');
    }
  };
  map.on('idle', check);
});
// The bare card: a MapLibre popup with a name and a position at the n-th point, the camera
// moved the way the app moves it (an ease when the point is on screen, else a jump).
let popup;
let shown = 0;
document.getElementById('show').addEventListener('click', () => {
  shown += 1;
  const [lng, lat] = points.features[(shown * 7919) % points.features.length].geometry.coordinates;
  popup?.remove();
  popup = new Popup({ offset: 10, maxWidth: '280px' })
    .setLngLat([lng, lat])
    .setHTML('<div data-testid="tracker-popup"><div elementtiming="tracker-card" style="font-weight:600">Point ' + shown + '</div><div>' + lat.toFixed(5) + ', ' + lng.toFixed(5) + '</div></div>')
    .addTo(map);
  const camera = { center: [lng, lat], zoom: Math.max(map.getZoom(), 12) };
  if (map.getBounds().contains(camera.center)) map.easeTo(camera);
  else map.jumpTo(camera);
});
</script></body></html>`;

const TYPES: Record<string, string> = {
  mjs: 'text/javascript',
  js: 'text/javascript',
  css: 'text/css',
  map: 'application/json',
};

/** A file of the web build's basemap folder (places, water, glyphs), or undefined. */
function basemapFile(webDist: string, path: string) {
  const relative = decodeURIComponent(path.slice(`/${BASEMAP_DIR}/`.length));
  if (relative.split('/').some((part) => part === '..' || part === '')) return undefined;
  try {
    return {
      type: relative.endsWith('.json') ? 'application/json' : 'application/x-protobuf',
      body: readFileSync(join(webDist, BASEMAP_DIR, relative)),
    };
  } catch {
    return undefined;
  }
}

/**
 * Serves the bare page, MapLibre's files, the style, the basemap, the points, and the basemap
 * files of the web build in `webDist` (the app's own, so both pages load the same bytes).
 */
export function startBarePage(points: GeoJSON.FeatureCollection, webDist: string) {
  return serveBarePage(
    '/bare.html',
    { '/bare.html': HTML, '/points.geojson': JSON.stringify(points) },
    webDist,
  );
}

/**
 * Serves `files` (HTML by its name's ending, else JSON) with what every bare page loads:
 * MapLibre's files, the app's offline style (/style.json), the basemap (/basemap.json), the
 * place tiers and the basemap files of the web build in `webDist`. Answers the URL of `page`.
 */
export async function serveBarePage(page: string, own: Record<string, string>, webDist: string) {
  const tiers = PLACE_TIERS.map((tier) => ({ id: tier.id, loadZoom: tierLoadZoom(tier) }));
  const files: Record<string, { type: string; body: string | Buffer }> = {
    '/basemap.json': { type: 'application/json', body: JSON.stringify(basemapData(webDist)) },
    '/place-tiers.json': { type: 'application/json', body: JSON.stringify(tiers) },
  };
  for (const [path, body] of Object.entries(own))
    files[path] = { type: path.endsWith('.html') ? 'text/html' : 'application/json', body };
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    let file = files[path];
    if (!file && path.startsWith(`/${BASEMAP_DIR}/`)) file = basemapFile(webDist, path);
    if (!file && path.startsWith('/maplibre/')) {
      const name = path.slice('/maplibre/'.length).replace(/[^\w.-]/g, '');
      try {
        file = {
          type: TYPES[name.split('.').pop()!] ?? 'application/octet-stream',
          body: readFileSync(join(maplibreDist, name)),
        };
      } catch {
        file = undefined;
      }
    }
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // The glyph URL in a style is absolute, so the style is known once the port is.
  const assetsUrl = `http://127.0.0.1:${port}/${BASEMAP_DIR}`;
  files['/style.json'] = {
    type: 'application/json',
    body: JSON.stringify(offlineStyle(assetsUrl)),
  };
  return {
    url: `http://127.0.0.1:${port}${page}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
