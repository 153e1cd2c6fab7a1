/// <reference lib="webworker" />
import { MAP_REDRAW_MS } from '../liveRedraw';
import { MarkerIndex } from './markerIndex';
import type { FromClusterWorker, ToClusterWorker } from './protocol';

/**
 * The trackers layer's clustering, off the page's thread. Views are answered at once from the
 * last clustering. Live moves are clustered again at most every 200 ms (spec 000 §9), and never
 * sooner than twice the last clustering took: at 100,000 markers that is about once a second,
 * which leaves the machine's cores to the page, the map and the server.
 */
const index = new MarkerIndex();
let generation = 0;
let lastView: { bbox: [number, number, number, number]; zoom: number } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
/** When the next clustering may start (performance.now()). */
let nextAllowed = 0;

const post = (message: FromClusterWorker) => postMessage(message);

function sendView() {
  if (!lastView) return;
  post({ type: 'view', generation, features: index.view(lastView.bbox, lastView.zoom) });
}

function recluster() {
  timer = undefined;
  const started = performance.now();
  index.recluster();
  const took = performance.now() - started;
  nextAllowed = performance.now() + Math.max(MAP_REDRAW_MS, 2 * took);
  sendView();
}

function scheduleRecluster() {
  timer ??= setTimeout(recluster, Math.max(0, nextAllowed - performance.now()));
}

onmessage = (event: MessageEvent<ToClusterWorker>) => {
  const message = event.data;
  switch (message.type) {
    case 'load':
      generation = message.generation;
      index.load(message, message.palette);
      // A new set of markers is clustered at once; moves waiting for their turn come with it.
      clearTimeout(timer);
      recluster();
      break;
    case 'move':
      index.move(message, message.palette);
      scheduleRecluster();
      break;
    case 'view':
      lastView = { bbox: message.bbox, zoom: message.zoom };
      sendView();
      break;
    case 'expand':
      post({
        type: 'expand',
        request: message.request,
        zoom: index.expansionZoom(message.clusterId),
      });
      break;
  }
};
