import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCURACY_M,
  ALTITUDE_M,
  boundedNumberSchema,
  dataEnvelope,
  RSSI_DBM,
  TEMPERATURE_RANGE_C,
  textSchema,
  type RawPosition,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { accountOfApiToken } from '../../access/tokens.queries';
import { unauthenticated } from '../../errors/domain-error';
import { bearerToken } from '../../http/tokens';
import { dateParam } from '../../http/params';
import { ingestPositions, type PositionIntake } from './ingest.service';

const MAX_BATCH = 1000;

const positionInput = z
  .object({
    serial: textSchema({ max: 64 }).min(1, 'serial is required'),
    timestamp: dateParam,
    /** Optional when `beacons` are given: the tracker is then placed at the anchor it heard. */
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
    fix: z.enum(['gps', 'wifi', 'cell', 'ble']).default('gps'),
    /** BLE beacons the tracker heard; one matching a BLE anchor's serial places it there. */
    beacons: z
      .array(
        z.object({
          id: textSchema({ max: 128 }).min(1),
          rssi: boundedNumberSchema(RSSI_DBM).optional(),
        }),
      )
      .max(50)
      .optional(),
    /** Metres per second. */
    speed: z.number().min(0).max(400).optional(),
    course: z.number().min(0).max(360).optional(),
    altitude: boundedNumberSchema(ALTITUDE_M).optional(),
    /** Metres. */
    accuracy: boundedNumberSchema(ACCURACY_M).optional(),
    battery: z.number().min(0).max(100).optional(),
    charging: z.boolean().optional(),
    /** Degrees Celsius. */
    temperature: boundedNumberSchema(TEMPERATURE_RANGE_C).optional(),
    humidity: z.number().min(0).max(100).optional(),
    alarm: z
      .enum(['sos', 'tamper', 'powerCut', 'lowBattery', 'overspeed', 'vibration', 'other'])
      .optional(),
  })
  .refine((p) => (p.lat !== undefined && p.lng !== undefined) || p.beacons?.length, {
    message: 'lat and lng are required unless beacons are given',
    path: ['lat'],
  });

/** A position as the request names it, in the shape device listeners give the pipeline. */
function toRawPosition(p: z.infer<typeof positionInput>): RawPosition {
  const { timestamp, beacons, lat, lng, ...rest } = p;
  const located = lat !== undefined && lng !== undefined;
  return {
    ...rest,
    lat: lat ?? 0,
    lng: lng ?? 0,
    // Without coordinates only an anchor can place it; the pipeline drops it otherwise.
    valid: located,
    ...(beacons ? { bleBeacons: beacons } : {}),
    deviceTime: timestamp,
    speedUnit: 'mps',
  };
}

/**
 * JSON ingest for integrations, authenticated by the account's API token. Only trackers of that
 * account are accepted; the answer comes once the accepted positions are durably stored.
 */
export const ingestRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  positions: PositionIntake;
}> = async (app, { ctx, positions: intake }) => {
  app.post(
    '/ingest/positions',
    {
      config: { access: 'public' },
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags: ['ingest'],
        summary: `Submit up to ${MAX_BATCH} positions with the account's API token (Authorization: Bearer <api_token>)`,
        body: z.object({ positions: z.array(positionInput).min(1).max(MAX_BATCH) }),
        response: {
          200: dataEnvelope(
            z.object({
              accepted: z.number().int(),
              rejected: z.array(
                z.object({ index: z.number().int(), serial: z.string(), message: z.string() }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      const accountId = token ? await accountOfApiToken(ctx.database.db, token) : undefined;
      if (accountId === undefined) throw unauthenticated();
      const positions = request.body.positions.map(toRawPosition);
      return { data: await ingestPositions(ctx, intake, accountId, positions, request.ip) };
    },
  );
};
