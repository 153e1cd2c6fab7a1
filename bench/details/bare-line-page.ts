import { FOLLOW_PLACES, serveBarePage } from '../map/bare-page';

/**
 * The bare page of bench:details: MapLibre alone on the app's offline style, fetching the same
 * fixes as a GeoJSON line and drawing it with the trail's line paint, framed on it, with place
 * names loaded as the app loads them. Ready = the map idle with the line's source loaded, marked as performance.mark('bare-line-drawn').
 */
const HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>bare MapLibre line</title>
<link rel="stylesheet" href="/maplibre/maplibre-gl.css">
<style>html,body,#map{margin:0;width:100%;height:100%}</style></head>
<body><div id="map"></div>
<script type="module">
const size = new URLSearchParams(location.search);
if (size.get('w')) {
  const box = document.getElementById('map').style;
  box.width = size.get('w') + 'px';
  box.height = size.get('h') + 'px';
}
import { Map, LngLatBounds, setWorkerUrl } from '/maplibre/maplibre-gl.mjs';
setWorkerUrl('/maplibre/maplibre-gl-worker.mjs');
const [style, base, line, tiers] = await Promise.all(
  ['/style.json', '/basemap.json', '/line.geojson', '/place-tiers.json'].map((u) =>
    fetch(u).then((r) => r.json()),
  ),
);
const bounds = line.geometry.coordinates.reduce(
  (b, c) => b.extend(c), new LngLatBounds(line.geometry.coordinates[0], line.geometry.coordinates[0]));
const map = new Map({ container: 'map', style, bounds, fitBoundsOptions: { padding: 40 } });
${FOLLOW_PLACES}
map.on('load', () => {
  map.on('zoom', followPlaces);
  followPlaces();
  for (const id of ['land', 'lakes', 'rivers', 'borders', 'states']) map.getSource(id).setData(base[id]);
  map.addSource('line', { type: 'geojson', data: line });
  map.addLayer({ id: 'line', type: 'line', source: 'line',
    paint: { 'line-color': '#495057', 'line-width': 2, 'line-opacity': 0.6 } });
  const check = () => {
    if (map.getSource('line').loaded() && map.loaded()) {
      map.off('idle', check);
      performance.mark('bare-line-drawn');
    }
  };
  map.on('idle', check);
});
</script></body></html>`;

export function startBareLinePage(coordinates: [number, number][], webDist: string) {
  const line = { type: 'Feature', geometry: { type: 'LineString', coordinates }, properties: {} };
  return serveBarePage(
    '/bare-line.html',
    { '/bare-line.html': HTML, '/line.geojson': JSON.stringify(line) },
    webDist,
  );
}
