/// <reference lib="webworker" />
import { MarkerIndex } from './markerIndex';
import type { FromClusterWorker, ToClusterWorker } from './protocol';

/**
 * The trackers layer's clustering, off the page's thread. Messages are handled in order;
 * a burst of live moves waiting in the queue costs one re-clustering, done when the next
 * view is asked for or right after the burst.
 */
const index = new MarkerIndex();
let generation = 0;
let lastView: { bbox: [number, number, number, number]; zoom: number } | null = null;
let redraw: ReturnType<typeof setTimeout> | undefined;

const post = (message: FromClusterWorker) => postMessage(message);

function sendView() {
  redraw = undefined;
  if (!lastView) return;
  post({ type: 'view', generation, features: index.view(lastView.bbox, lastView.zoom) });
}

onmessage = (event: MessageEvent<ToClusterWorker>) => {
  const message = event.data;
  switch (message.type) {
    case 'load':
      generation = message.generation;
      index.load(message, message.palette);
      redraw ??= setTimeout(sendView, 0);
      break;
    case 'move':
      index.move(message, message.palette);
      // Moves arrive in bursts: re-cluster once after the burst rather than per message.
      redraw ??= setTimeout(sendView, 0);
      break;
    case 'view':
      lastView = { bbox: message.bbox, zoom: message.zoom };
      clearTimeout(redraw);
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
