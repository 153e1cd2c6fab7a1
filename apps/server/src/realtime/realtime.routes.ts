import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { findActor } from '../access/actor';
import { visibleDeviceIds } from '../access/device-visibility';
import { principalOfBearer } from '../access/principal';
import { bearerToken } from '../http/tokens';
import { ACCOUNT_CHANNEL, DIALOG_CHANNEL, idSchema, type RealtimeMessage } from '@waymark/domain';
import { dialogForSubscriber } from '../modules/scout/scout.access';
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
 * user may see, worked out again when their access or a group changes (`{type:'rescoped'}`;
 * a user removed from the account gets `{type:'error'}` and the channel closes); a dialog's
 * channel (`dialogs.{id}.messages`) only its own user may join. When the token is revoked, in
 * any process, the socket is closed with 4401.
 */
export const realtimeRoutes: FastifyPluginAsync<{ ctx: AppContext; hub: RealtimeHub }> = async (
  app,
  { ctx, hub },
) => {
  const { db } = ctx.database;

  app.get(
    '/realtime',
    // The socket signs in with its first message (the browser cannot send a bearer header).
    { websocket: true, config: { access: 'public' }, schema: { hide: true } },
    async (socket, request) => {
      // Messages that arrive while the token is checked wait here, so a subscribe sent right
      // after `open` is not lost.
      const early: WebSocket.RawData[] = [];
      const hold = (raw: WebSocket.RawData) => early.push(raw);
      socket.on('message', hold);
      const token =
        bearerToken(request.headers.authorization) ?? (request.query as { token?: string }).token;
      const auth = token ? await principalOfBearer(db, token) : undefined;
      socket.off('message', hold);
      if (!auth) {
        socket.close(4401, 'Unauthenticated.');
        return;
      }
      // A revoked token (logout, a new password, an ended imitation) ends its sockets too.
      const stopWatchingToken = auth.apiAccountId
        ? () => undefined
        : hub.closeOnRevoke(auth.tokenId, () => socket.close(4401, 'Unauthenticated.'));
      const subscriptions = new Map<string, () => void>();
      // Replies go through the same queue as messages, so they keep their order.
      const send = createOutbox((text) => {
        if (socket.readyState === socket.OPEN) socket.send(text);
      });

      /** What each subscribed account channel lets through, worked out again on a change. */
      const scopes = new Map<string, { accountId: number; allowed: Set<number> | null }>();

      /** The actor's trackers in the account now; undefined once they no longer belong. */
      async function scopeOf(accountId: number) {
        const actor = await findActor(db, auth!, accountId);
        if (!actor) return undefined;
        return { accountId, allowed: await visibleDeviceIds(db, actor.devices) };
      }

      async function subscribe(channel: string) {
        if (subscriptions.has(channel)) return send({ type: 'subscribed', channel });
        const dialog = DIALOG_CHANNEL.exec(channel);
        if (dialog) return subscribeDialog(channel, idSchema.safeParse(Number(dialog[1])).data);
        const match = ACCOUNT_CHANNEL.exec(channel);
        // An id no account can have (beyond an integer column) is refused like any other.
        const accountId = idSchema.safeParse(Number(match?.[1])).data;
        const scope = accountId ? await scopeOf(accountId) : undefined;
        if (!scope) return send({ type: 'error', channel, message: 'Forbidden' });
        scopes.set(channel, scope);
        const deliver = (message: RealtimeMessage) => {
          const { device_id: deviceId, user_id: userId } = message.data as {
            device_id?: number;
            user_id?: number;
          };
          // An alert is for the one user it was delivered to; a rule firing for its author.
          const personal = message.event === 'AlertNotified' || message.event === 'RuleFired';
          if (personal && userId !== auth!.user.id) return;
          const { allowed } = scopes.get(channel) ?? { allowed: new Set<number>() };
          if (allowed && (deviceId === undefined || !allowed.has(deviceId))) return;
          send({ type: 'message', ...message });
        };
        subscriptions.set(channel, hub.subscribe(channel, deliver));
        send({ type: 'subscribed', channel });
      }

      /**
       * The user's access in an account changed (or a group's trackers did): each channel of
       * that account lets through what the user sees now, and is closed when they left it.
       */
      async function rescope(accountId: number) {
        for (const [channel, scope] of scopes) {
          if (scope.accountId !== accountId) continue;
          const now = await scopeOf(accountId);
          if (now) {
            scopes.set(channel, now);
            // Tells the client its trackers changed (lists it holds may be stale).
            send({ type: 'rescoped', channel });
            continue;
          }
          subscriptions.get(channel)?.();
          subscriptions.delete(channel);
          scopes.delete(channel);
          send({ type: 'error', channel, message: 'Forbidden' });
        }
      }
      const rescopeLogged = (accountId: number) =>
        rescope(accountId).catch((error: unknown) =>
          request.log.error({ err: error }, 'realtime rescope failed'),
        );
      const stopFollowing = [
        ctx.bus.subscribe('membership.changed', ({ account_id, user_id }) => {
          if (user_id === auth.user.id) void rescopeLogged(account_id);
        }),
        ctx.bus.subscribe('group.changed', ({ account_id }) => {
          if ([...scopes.values()].some((s) => s.accountId === account_id)) {
            void rescopeLogged(account_id);
          }
        }),
      ];
      /** A dialog's channel: only its own user, while they may use Scout in its account. */
      async function subscribeDialog(channel: string, dialogId: number | undefined) {
        const owned = dialogId ? await dialogForSubscriber(db, auth!, dialogId) : undefined;
        if (!owned) return send({ type: 'error', channel, message: 'Forbidden' });
        const deliver = (message: RealtimeMessage) => send({ type: 'message', ...message });
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
          scopes.delete(parsed.channel);
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
        stopWatchingToken();
        for (const stop of stopFollowing) stop();
        for (const unsubscribe of subscriptions.values()) unsubscribe();
        subscriptions.clear();
      });
    },
  );
};
