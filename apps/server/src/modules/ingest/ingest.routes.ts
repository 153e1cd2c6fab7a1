import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import {
  ACCURACY_M,
  ALTITUDE_M,
  boundedNumberSchema,
  dataEnvelope,
  RSSI_DBM,
  TEMPERATURE_RANGE_C,
  textSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { accounts, devices } from '../../db/schema';
import { unauthenticated } from '../../http/errors';
import { bearerToken } from '../../http/tokens';
import { dateParam } from '../../http/params';
import type { RawPosition } from '@waymark/domain';

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

/**
 * JSON ingest for integrations, authenticated by the account's API token. Only trackers of that
 * account are accepted; the answer comes once the accepted positions are durably stored.
 */
export const ingestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx.database;

  app.post(
    '/ingest/positions',
    {
      config: { public: true },
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
      const [account] = token
        ? await db
            .select({ id: accounts.id })
            .from(accounts)
            .where(and(eq(accounts.api_token, token), eq(accounts.has_api_access, true)))
        : [];
      if (!account) throw unauthenticated();

      const serials = [...new Set(request.body.positions.map((p) => p.serial))];
      const owned = await db
        .select({ serial: devices.serial })
        .from(devices)
        .where(and(eq(devices.account_id, account.id), inArray(devices.serial, serials)));
      const ownedSerials = new Set(owned.map((d) => d.serial));

      const accepted: RawPosition[] = [];
      const rejected: { index: number; serial: string; message: string }[] = [];
      request.body.positions.forEach((p, index) => {
        if (!ownedSerials.has(p.serial)) {
          rejected.push({
            index,
            serial: p.serial,
            message: 'No tracker of this account has this serial',
          });
          return;
        }
        const { timestamp, beacons, lat, lng, ...rest } = p;
        const located = lat !== undefined && lng !== undefined;
        accepted.push({
          ...rest,
          lat: lat ?? 0,
          lng: lng ?? 0,
          // Without coordinates only an anchor can place it; the pipeline drops it otherwise.
          valid: located,
          ...(beacons ? { bleBeacons: beacons } : {}),
          deviceTime: timestamp,
          speedUnit: 'mps',
        });
      });
      await ctx.pipeline.submit(accepted, 'json', request.ip);
      return { data: { accepted: accepted.length, rejected } };
    },
  );
};
