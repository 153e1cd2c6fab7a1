import { useEffect, useState } from 'react';
import { Marker } from 'maplibre-gl';
import { useFleetMap } from '../context';
import classes from './ReplayMarkerLayer.module.css';

/** Where the replay is: a place, the heading there and the moment (epoch ms). */
export interface ReplayMarker {
  lng: number;
  lat: number;
  /** Degrees clockwise from north. */
  heading: number;
  time: number;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An arrow pointing north, turned by the marker's rotation. */
function arrowElement(): HTMLElement {
  const box = document.createElement('div');
  box.className = classes.marker ?? '';
  box.dataset.testid = 'replay-marker';
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 26 26');
  svg.setAttribute('class', classes.arrow ?? '');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', 'M13 2 L23 23 L13 18 L3 23 Z');
  path.setAttribute('fill', '#1c7ed6');
  path.setAttribute('stroke', '#ffffff');
  path.setAttribute('stroke-width', '2');
  path.setAttribute('stroke-linejoin', 'round');
  svg.appendChild(path);
  box.appendChild(svg);
  return box;
}

/**
 * The replay's marker, moved every frame the replay moves. An HTML marker, not a MapLibre
 * source: changing a source redraws the whole map (50–150 ms on software WebGL), moving an
 * element costs a style change. The element carries `data-lng`, `data-lat`, `data-heading` and
 * `data-time` (ISO), read back from the marker, for tests.
 */
export function ReplayMarkerLayer({ point }: { point: ReplayMarker | null }) {
  const { map } = useFleetMap();
  const [marker] = useState(
    () => new Marker({ element: arrowElement(), rotationAlignment: 'map' }),
  );

  useEffect(() => () => void marker.remove(), [marker]);

  useEffect(() => {
    if (!point) {
      marker.remove();
      return;
    }
    marker.setLngLat([point.lng, point.lat]).setRotation(point.heading);
    if (!marker.getElement().isConnected) marker.addTo(map);
    const at = marker.getLngLat();
    const data = marker.getElement().dataset;
    data.lng = at.lng.toFixed(6);
    data.lat = at.lat.toFixed(6);
    data.heading = String(Math.round(marker.getRotation()));
    data.time = new Date(point.time).toISOString();
  }, [map, marker, point]);

  return null;
}
