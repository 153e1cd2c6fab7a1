/// <reference lib="webworker" />
import { MAP_REDRAW_MS } from '../liveRedraw';
import { MarkerIndex, viewPicture } from './markerIndex';
import type { FromClusterWorker, ToClusterWorker } from './protocol';

/**
 * The trackers layer's clustering, off the page's thread. Views are answered at once from the
 * last clustering. Live moves are clustered again at most every 200 ms (spec 000 §9), and never
 * sooner than twice the last clustering took: at 100,000 markers that is about once a second,
 * which leaves the machine's cores to the page, the map and the server. A clustering whose
 * view looks the same on screen (moves under a pixel at this zoom) is not sent: redrawing the
 * map costs the page more than anything here.
 */
const index = new MarkerIndex();
let generation = 0;
let lastView: { bbox: [number, number, number, number]; zoom: number } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
/** When the next clustering may start (performance.now()). */
let nextAllowed = 0;
/** viewPicture() of the view last sent. */
let shownPicture = '';

const post = (message: FromClusterWorker) => postMessage(message);

/** Sends the view; `onlyIfChanged` skips one that would look the same as the one on screen. */
function sendView(onlyIfChanged = false) {
  if (!lastView) return;
  const features = index.view(lastView.bbox, lastView.zoom);
  const picture = viewPicture(features, lastView.zoom);
  if (onlyIfChanged && picture === shownPicture) return;
  shownPicture = picture;
  index.markShown();
  post({ type: 'view', generation, features });
}

function recluster() {
  timer = undefined;
  const started = performance.now();
  index.recluster();
  const took = performance.now() - started;
  nextAllowed = performance.now() + Math.max(MAP_REDRAW_MS, 2 * took);
  sendView(true);
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
      // A new set of markers is clustered and sent at once (the screen waits for it to settle).
      clearTimeout(timer);
      timer = undefined;
      index.recluster();
      sendView();
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
        // A cluster gone since the click: one level closer still shows what is there.
        zoom: index.expansionZoom(message.clusterId) ?? Math.floor(lastView?.zoom ?? 0) + 1,
      });
      break;
  }
};
