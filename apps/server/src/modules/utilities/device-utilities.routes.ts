import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkCommandSchema,
  changeDeviceTypeSchema,
  clearDeviceSchema,
  dataEnvelope,
  deviceMessagesRequestSchema,
  deviceMessagesResultSchema,
  minutesSchema,
  refreshPhoneSchema,
  serialOnlySchema,
  setFlagsSchema,
  setSubscriptionSchema,
  setupSchema,
  utilityCommandSchema,
  utilityResultSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../http/auth';
import {
  addMinutes,
  changeDeviceType,
  clearDevice,
  deactivateDevice,
  deviceMessages,
  refreshPhone,
  setFlags,
  setSubscription,
  setupDevice,
  unassignSubscription,
} from './device-utilities.service';
import { runAction } from './utilities.audit';
import { sendBulkCommand, sendUtilityCommand } from './utility-commands.service';

const ONLY =
  ' The tracker is named by serial (422 `serial` when no tracker has it). Platform admins ' +
  'only (403 otherwise); each run is recorded in the audit log with its result.';
const result = { 200: dataEnvelope(utilityResultSchema) };

/** The tracker, account and command actions of the Utilities page (spec 002 §2.6). */
export const deviceUtilityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    '/admin/utilities/setup',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary: "Setup: a tracker's name, model, note and voice",
        description: 'Changes only the fields given.' + ONLY,
        body: setupSchema,
        response: result,
      },
    },
    (request) =>
      runAction(request, 'Setup', () => setupDevice(ctx, requireAuth(request), request.body)),
  );

  app.post(
    '/admin/utilities/deactivate',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary:
          "Deactivate: block the tracker's subscription; its reports are acknowledged and no longer stored until the subscription is active again",
        description:
          'The subscription becomes blocked (one is created blocked when the tracker has ' +
          'none): the tracker leaves the account’s default lists and map (shown only with ' +
          'show_cancelled_devices). Its data stay; Set Subscription active undoes it.' +
          ONLY,
        body: serialOnlySchema,
        response: result,
      },
    },
    (request) =>
      runAction(request, 'Deactivate', () =>
        deactivateDevice(ctx, requireAuth(request), request.body),
      ),
  );

  app.post(
    '/admin/utilities/change-device-type',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary: 'Change Device Type: the model of a tracker or of an inventory serial',
        description: '422 `model_id` for no such model.' + ONLY,
        body: changeDeviceTypeSchema,
        response: result,
      },
    },
    (request) =>
      runAction(request, 'Change Device Type', () =>
        changeDeviceType(ctx, requireAuth(request), request.body),
      ),
  );

  app.post(
    '/admin/utilities/minutes',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary: "Add/Remove Minutes: the tracker's live audio minutes plus n (never below 0)",
        description: 'A negative n removes minutes; the result is at least 0.' + ONLY,
        body: minutesSchema,
        response: {
          200: dataEnvelope(utilityResultSchema.extend({ live_audio_minutes: z.number().int() })),
        },
      },
    },
    (request) =>
      runAction(request, 'Add/Remove Minutes', () =>
        addMinutes(ctx, requireAuth(request), request.body),
      ),
  );

  app.post(
    '/admin/utilities/subscription',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary: "Set Subscription: the tracker's subscription status (and months)",
        description:
          'Sets the status of the tracker’s subscription (cancelled also sets cancel_at; other ' +
          'statuses clear it); a tracker without one gets a new subscription in its account.' +
          ONLY,
        body: setSubscriptionSchema,
        response: result,
      },
    },
    (request) =>
      runAction(request, 'Set Subscription', () =>
        setSubscription(ctx, requireAuth(request), request.body),
      ),
  );

  app.post(
    '/admin/utilities/refresh-phone',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary: "Refresh Phone Number: the tracker's phone number for SMS commands",
        description:
          'Stores the number given (spaces, dashes and brackets dropped), or without one the ' +
          'number of the SIM card installed in the tracker; 422 `phone` when neither exists.' +
          ONLY,
        body: refreshPhoneSchema,
        response: result,
      },
    },
    (request) =>
      runAction(request, 'Refresh Phone Number', () =>
        refreshPhone(ctx, requireAuth(request), request.body),
      ),
  );

  app.post(
    '/admin/utilities/unassign-subscription',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary: 'Unassign Subscription: detach the subscription from the tracker',
        description:
          'The tracker stays in its account without a subscription (lists filtered by status ' +
          'no longer show it); the subscription itself is kept. 422 when it has none.' +
          ONLY,
        body: serialOnlySchema,
        response: result,
      },
    },
    (request) =>
      runAction(request, 'Unassign Subscription', () =>
        unassignSubscription(ctx, requireAuth(request), request.body),
      ),
  );

  app.post(
    '/admin/utilities/command',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary: 'Send Commands: a text command to one tracker',
        description:
          'Sent through the commands module as an admin of the tracker’s account: over data ' +
          'to its open connection (or queued until it connects), or by SMS to its phone. The ' +
          'message lands in the tracker’s message log.' +
          ONLY,
        body: utilityCommandSchema,
        response: { 200: dataEnvelope(utilityResultSchema.extend({ status: z.string() })) },
      },
    },
    (request) =>
      runAction(request, 'Send Commands', () =>
        sendUtilityCommand(ctx, requireAuth(request), request.body),
      ),
  );

  app.post(
    '/admin/utilities/bulk-command',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary: 'Send Bulk Command: one text command to up to 100 trackers',
        description:
          'As Send Commands for each serial; a serial that fails (no tracker, no phone for SMS) ' +
          'is named in the message and its result, and the others still go. Platform admins ' +
          'only (403 otherwise); each run is recorded in the audit log with its result.',
        body: bulkCommandSchema,
        response: {
          200: dataEnvelope(
            utilityResultSchema.extend({
              results: z.array(z.object({ serial: z.string(), status: z.string() })),
            }),
          ),
        },
      },
    },
    (request) =>
      runAction(request, 'Send Bulk Command', () =>
        sendBulkCommand(ctx, requireAuth(request), request.body),
      ),
  );

  app.post(
    '/admin/utilities/device-messages',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary: 'Get Device Messages: the newest messages a tracker sent (at most 100)',
        description:
          'Positions, events and answers to commands, newest first, `limit` (1–100, default ' +
          '100) in all (spec 002 §9). A POST so that each look is in the audit log.' +
          ONLY,
        body: deviceMessagesRequestSchema,
        response: { 200: dataEnvelope(deviceMessagesResultSchema) },
      },
    },
    (request) =>
      runAction(request, 'Get Device Messages', () =>
        deviceMessages(ctx, requireAuth(request), request.body),
      ),
  );

  app.post(
    '/admin/utilities/flags',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary: "Set Flags: an account's flags and on/off settings",
        description:
          'flags: has_api_access, is_b2b_account, has_rules_engine, can_track_shipments ' +
          '(columns of the account). settings: the account setting codes, stored as 1 or 0 ' +
          '(ble_tags, dashboards, ai_available, uses_gpx_app, included_in_cs, ...). Only the ' +
          'ones given change; GET /me and GET /admin/accounts/{id} show them. 422 ' +
          '`account_id` for no such account, `flags` when nothing is given. Platform admins ' +
          'only (403 otherwise); each run is recorded in the audit log with its result.',
        body: setFlagsSchema,
        response: result,
      },
    },
    (request) =>
      runAction(request, 'Set Flags', () => setFlags(ctx, requireAuth(request), request.body)),
  );

  app.post(
    '/admin/utilities/clear-device',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary: 'Clear Device: remove all tracking data of a tracker (irreversible)',
        description:
          'Deletes the tracker’s position history (trails), current position, events, ' +
          'geofence visits (dwell), and its trips, stops and daily summaries. The tracker, its ' +
          'subscription and its message log stay. ' +
          '`confirm_serial` must equal `serial` (422 `confirm_serial` otherwise).' +
          ONLY,
        body: clearDeviceSchema,
        response: result,
      },
    },
    (request) =>
      runAction(request, 'Clear Device', () =>
        clearDevice(ctx, requireAuth(request), request.body),
      ),
  );
};
