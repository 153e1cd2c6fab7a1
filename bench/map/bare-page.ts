import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { feature, mesh } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { offlineStyle } from '../../apps/web/src/map/basemapStyle';

const require = createRequire(import.meta.url);
const maplibreDist = dirname(require.resolve('maplibre-gl/dist/maplibre-gl.mjs'));

/** The same Natural Earth and US Census shapes the app bundles, as GeoJSON. */
function basemapData() {
  const world = require('world-atlas/countries-50m.json') as Topology;
  const us = require('us-atlas/states-10m.json') as Topology;
  return {
    land: feature(world, world.objects.land!),
    borders: mesh(world, world.objects.countries as never, (a, b) => a !== b),
    states: mesh(us, us.objects.states as never, (a, b) => a !== b),
  };
}

/**
 * The bare page: MapLibre alone, on the app's offline style, with the same points as one
 * clustered GeoJSON source (radius 40, like the trackers layer) and the same circle layers.
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
const [style, base, points] = await Promise.all(
  ['/style.json', '/basemap.json', '/points.geojson'].map((u) => fetch(u).then((r) => r.json())),
);
const map = new Map({ container: 'map', style, center: [-98.5, 39.8], zoom: 5, minZoom: 1 });
window.__map = map;
map.on('load', () => {
  for (const id of ['land', 'borders', 'states']) map.getSource(id).setData(base[id]);
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

/** Serves the bare page, MapLibre's files, the style, the basemap and the points. */
export async function startBarePage(points: GeoJSON.FeatureCollection) {
  const files: Record<string, { type: string; body: string | Buffer }> = {
    '/bare.html': { type: 'text/html', body: HTML },
    '/style.json': { type: 'application/json', body: JSON.stringify(offlineStyle()) },
    '/basemap.json': { type: 'application/json', body: JSON.stringify(basemapData()) },
    '/points.geojson': { type: 'application/json', body: JSON.stringify(points) },
  };
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    let file = files[path];
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
  return {
    url: `http://127.0.0.1:${port}/bare.html`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
