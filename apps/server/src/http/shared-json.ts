import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import { Recording } from './recording';

/** A JSON body as it is produced, and the same body gzipped, made once for all who ask. */
export class SharedJson {
  readonly plain: Recording;
  private gzip: Recording | undefined;

  constructor(source: AsyncIterable<Buffer>) {
    this.plain = new Recording(source);
  }

  gzipped(): Recording {
    return (this.gzip ??= new Recording(gzipOf(this.plain.read())));
  }
}

/**
 * At the fastest level (about a quarter of the size for our lists, at some 200 MB/s), on
 * libuv's threads, chunk by chunk as the body is produced. Big output chunks: every chunk
 * costs a turn of the event loop, which is busy reading rows meanwhile.
 */
function gzipOf(chunks: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
  const gzip = createGzip({ level: constants.Z_BEST_SPEED, chunkSize: 256 * 1024 });
  // A failure of the body destroys gzip with it, so it reaches gzip's readers.
  pipeline(Readable.from(chunks), gzip).catch(() => undefined);
  return gzip;
}

/**
 * Requests for the same big list that arrive while it is being produced share it. A
 * 100,000-tracker list keeps the database busy for a good part of a second; when a fleet's
 * dispatchers open the trackers screen together, each would otherwise queue behind the others'
 * reads. A joining request gets data at most one read old; live positions come over the
 * websocket.
 */
export class SharedJsonBodies {
  private running = new Map<string, SharedJson>();

  body(key: string, produce: () => AsyncIterable<Buffer>): SharedJson {
    const current = this.running.get(key);
    if (current) return current;
    const body = new SharedJson(produce());
    this.running.set(key, body);
    void body.plain.done.then(() => {
      if (this.running.get(key) === body) this.running.delete(key);
    });
    return body;
  }
}
