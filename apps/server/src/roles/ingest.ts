import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { startListeners } from '../ingest/listeners';
import type { PositionSink } from '../ingest/position-sink';

/**
 * The ingest role's root: every device listener on its configured port, decoding and acks,
 * and command delivery to the connections it holds. Decoded positions go to `pipeline`: the
 * worker role's in the same process (`npm start`), or the position stream to the workers (a
 * split set-up); the ports really bound are told to the setup guide.
 */
export async function startIngest(ctx: AppContext, pipeline: PositionSink, log: FastifyBaseLogger) {
  const { config } = ctx;
  const ingest = await startListeners(
    { pipeline, bus: ctx.bus, cellLocator: ctx.cellLocator, metrics: ctx.metrics },
    {
      osmand: config.OSMAND_PORT,
      gt06: config.GT06_PORT,
      teltonika: config.TELTONIKA_PORT,
      h02: config.H02_PORT,
      gps103: config.GPS103_PORT,
      watch: config.WATCH_PORT,
      queclink: config.QUECLINK_PORT,
      meitrack: config.MEITRACK_PORT,
      jt808: config.JT808_PORT,
      wialon: config.WIALON_PORT,
      suntech: config.SUNTECH_PORT,
      istartek: config.ISTARTEK_PORT,
      ruptela: config.RUPTELA_PORT,
      topflytech: config.TOPFLYTECH_PORT,
      navtelecom: config.NAVTELECOM_PORT,
      galileosky: config.GALILEOSKY_PORT,
      jt600: config.JT600_PORT,
      teltonikaUdp: config.TELTONIKA_PORT,
      wialonUdp: config.WIALON_PORT,
    },
    log,
    config.deviceLimits,
  );
  // The device setup guide then tells units the ports really bound (0 picks a free one).
  ctx.devicePorts.listening(ingest.listeners);
  return ingest;
}
