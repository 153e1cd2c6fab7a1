import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignRangeSchema,
  assignSchema,
  dataEnvelope,
  provisionResultSchema,
  provisionSchema,
  reserveRangeSchema,
  reserveSchema,
  serialOnlySchema,
  utilityResultSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../http/auth';
import {
  assignRange,
  assignSerial,
  provisionDevice,
  reserveRange,
  reserveSerial,
  unassignDevice,
} from './inventory.service';
import { runAction } from './utilities.audit';

const ONLY = ' Platform admins only (403 otherwise); each run is recorded in the audit log.';
const result = { 200: dataEnvelope(utilityResultSchema) };

/**
 * The device inventory of the Utilities page (spec 002 §2.6): hardware moves from inventory
 * (on the shelf) to reserved (set aside for an account) to assigned (a tracker in an account).
 */
export const inventoryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/admin/utilities/provision',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary: 'Provision: register hardware into inventory, or straight into an account',
        description:
          'Registers the serial with its model (and IMEI, ICCID, phone when given) in the ' +
          'device inventory (state inventory). With account_id it is also assigned: a tracker ' +
          'named `name` (or the model and the last 4 digits) with an active subscription is ' +
          'created in that account, so it shows on its map once it reports (state assigned, ' +
          'device_id set). A serial listed among the unassigned serials (it reported before) ' +
          'leaves that list. 422 when the serial is already in inventory or in an account, or ' +
          'the model or account does not exist.' +
          ONLY,
        body: provisionSchema,
        response: { 200: dataEnvelope(provisionResultSchema) },
      },
    },
    (request) =>
      runAction(request, 'Provision', () =>
        provisionDevice(ctx, requireAuth(request), request.body),
      ),
  );

  app.post(
    '/admin/utilities/reserve',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary: 'Reserve: set an inventory serial aside for one account',
        description:
          'The serial (state inventory, or reserved for another account) becomes reserved for ' +
          'the account: only that account can be given it by Assign. 422 when the serial is ' +
          'not in inventory or already in an account.' +
          ONLY,
        body: reserveSchema,
        response: result,
      },
    },
    (request) =>
      runAction(request, 'Reserve', () => reserveSerial(ctx, requireAuth(request), request.body)),
  );

  app.post(
    '/admin/utilities/reserve-range',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary: 'Reserve Range: reserve every inventory serial of a numeric range for an account',
        description:
          'The range is `count` (at most 500) numeric serials from `first_serial`, counting up ' +
          'and keeping its width. Serials of the range not in inventory are skipped and counted ' +
          'in the message; 422 when none is in inventory.' +
          ONLY,
        body: reserveRangeSchema,
        response: result,
      },
    },
    (request) =>
      runAction(request, 'Reserve Range', () =>
        reserveRange(ctx, requireAuth(request), request.body),
      ),
  );

  app.post(
    '/admin/utilities/assign',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary: 'Assign: make an inventory serial a tracker of an account',
        description:
          'The serial (in inventory, or reserved for this account) leaves the inventory and ' +
          'becomes a tracker of the account, named `name` or the model and the last 4 digits, ' +
          'with an active subscription of its own (GET /accounts/{id}/device-list lists it). ' +
          '422 when it is not in inventory, reserved for another account or already assigned.' +
          ONLY,
        body: assignSchema,
        response: {
          200: dataEnvelope(utilityResultSchema.extend({ device_id: z.number().int() })),
        },
      },
    },
    (request) =>
      runAction(request, 'Assign', () => assignSerial(ctx, requireAuth(request), request.body)),
  );

  app.post(
    '/admin/utilities/assign-range',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary:
          'Assign Range: make the inventory serials of a numeric range trackers of an account',
        description:
          'As Assign for every serial of the range (`count`, at most 500, from `first_serial`) ' +
          'that is in inventory or reserved for this account; the others are skipped and ' +
          'counted. 422 when none can be assigned.' +
          ONLY,
        body: assignRangeSchema,
        response: result,
      },
    },
    (request) =>
      runAction(request, 'Assign Range', () =>
        assignRange(ctx, requireAuth(request), request.body),
      ),
  );

  app.post(
    '/admin/utilities/unassign-device',
    {
      config: { access: 'platform-admin' },
      schema: {
        tags: ['utilities'],
        summary: 'Unassign Device: take a tracker out of its account, back to inventory',
        description:
          'The serial returns to inventory with its model, IMEI, ICCID and phone. The tracker is ' +
          'deleted from the account with all that hangs off it: position history, current ' +
          'position, events, dwell, shipments and reports of it, and its message log. Its ' +
          'subscription is cancelled when no other tracker shares it. 422 when no tracker has ' +
          'the serial.' +
          ONLY,
        body: serialOnlySchema,
        response: result,
      },
    },
    (request) =>
      runAction(request, 'Unassign Device', () =>
        unassignDevice(ctx, requireAuth(request), request.body),
      ),
  );
};
