import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { findActor } from '../access/actor';
import { visibleDeviceIds } from '../access/device-visibility';
import { sessionOf } from '../access/principal';
import { bearerToken } from '../http/tokens';
import { ACCOUNT_CHANNEL, idSchema, type RealtimeMessage } from '@waymark/domain';
import type { RealtimeHub } from './hub';
import { createOutbox } from './outbox';

const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), channel: z.string() }),
  z.object({ type: z.literal('unsubscribe'), channel: z.string() }),
  z.object({ type: z.literal('ping') }),
]);

/**
 * GET /api/realtime (websocket). Authenticate with `Authorization: Bearer <token>` or, from a
 * browser, `?token=<token>`. Send `{type:'subscribe', channel}`; receive
 * `{type:'message', channel, event, data}`, or several of those sent in the same moment as one
 * `{type:'batch', messages:[…]}` (createOutbox). Account channels only deliver the devices the
 * user may see.
 */
export const realtimeRoutes: FastifyPluginAsync<{ ctx: AppContext; hub: RealtimeHub }> = async (
  app,
  { ctx, hub },
) => {
  const { db } = ctx.database;

  app.get(
    '/realtime',
    { websocket: true, config: { public: true }, schema: { hide: true } },
    async (socket, request) => {
      // Messages that arrive while the token is checked wait here, so a subscribe sent right
      // after `open` is not lost.
      const early: WebSocket.RawData[] = [];
      const hold = (raw: WebSocket.RawData) => early.push(raw);
      socket.on('message', hold);
      const token =
        bearerToken(request.headers.authorization) ?? (request.query as { token?: string }).token;
      const auth = token ? await sessionOf(db, token) : undefined;
      socket.off('message', hold);
      if (!auth) {
        socket.close(4401, 'Unauthenticated.');
        return;
      }
      const subscriptions = new Map<string, () => void>();
      // Replies go through the same queue as messages, so they keep their order.
      const send = createOutbox((text) => {
        if (socket.readyState === socket.OPEN) socket.send(text);
      });

      async function subscribe(channel: string) {
        if (subscriptions.has(channel)) return send({ type: 'subscribed', channel });
        const match = ACCOUNT_CHANNEL.exec(channel);
        // An id no account can have (beyond an integer column) is refused like any other.
        const accountId = idSchema.safeParse(Number(match?.[1])).data;
        const actor = accountId ? await findActor(db, auth!, accountId) : undefined;
        if (!actor) return send({ type: 'error', channel, message: 'Forbidden' });
        const allowed = await visibleDeviceIds(db, actor.devices);
        const deliver = (message: RealtimeMessage) => {
          const { device_id: deviceId, user_id: userId } = message.data as {
            device_id?: number;
            user_id?: number;
          };
          // An alert is for the one user it was delivered to.
          if (message.event === 'AlertNotified' && userId !== actor.user.id) return;
          if (allowed && (deviceId === undefined || !allowed.has(deviceId))) return;
          send({ type: 'message', ...message });
        };
        subscriptions.set(channel, hub.subscribe(channel, deliver));
        send({ type: 'subscribed', channel });
      }

      const onMessage = (raw: WebSocket.RawData) => {
        let parsed: z.infer<typeof clientMessage>;
        try {
          parsed = clientMessage.parse(JSON.parse(raw.toString()));
        } catch {
          return send({
            type: 'error',
            message: 'Messages are {type: subscribe|unsubscribe|ping, channel}',
          });
        }
        if (parsed.type === 'ping') return send({ type: 'pong' });
        if (parsed.type === 'unsubscribe') {
          subscriptions.get(parsed.channel)?.();
          subscriptions.delete(parsed.channel);
          return send({ type: 'unsubscribed', channel: parsed.channel });
        }
        subscribe(parsed.channel).catch((error: unknown) => {
          request.log.error({ err: error }, 'realtime subscribe failed');
          send({ type: 'error', channel: parsed.channel, message: 'Server Error' });
        });
      };
      socket.on('message', onMessage);
      for (const raw of early) onMessage(raw);
      socket.on('close', () => {
        for (const unsubscribe of subscriptions.values()) unsubscribe();
        subscriptions.clear();
      });
    },
  );
};
