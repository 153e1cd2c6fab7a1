import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressCreateSchema,
  addressSchema,
  addressUpdateSchema,
  dataEnvelope,
  idParamSchema,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { idParam } from '../../http/params';
import { billingActor } from '../billing/billing.access';
import { addressesOf, createAddress, removeAddress, updateAddress } from './addresses.service';

const tags = ['addresses'];
const access = ' Needs manage Account (Admins), else 403.';
const addressParams = z.object({
  id: idParamSchema.describe('Account id'),
  addressId: idParamSchema.describe('Address id'),
});

/** Billing and shipping addresses of an account (spec 002 §2.3, §7.2). */
export const addressRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/accounts/:id/addresses',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'The account’s billing and shipping addresses, defaults first',
        description: access,
        params: idParam,
        response: { 200: dataEnvelope(z.array(addressSchema)) },
      },
    },
    async (request) => {
      return { data: await addressesOf(ctx, await billingActor(request, request.params.id)) };
    },
  );

  app.post(
    '/accounts/:id/addresses',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Add a billing or shipping address',
        description:
          "line1, city and zip are required ('line1 is required', 'city is required', 'zip is " +
          "required'); zip has at least 5 characters ('min 5 chars'); state is one of the 50 US " +
          'states (default AL); country is US. is_default (default true) makes it the default of ' +
          'its category; the first address of a category is its default anyway.' +
          access,
        params: idParam,
        body: addressCreateSchema,
        response: { 201: dataEnvelope(addressSchema) },
      },
    },
    async (request, reply) => {
      const actor = await billingActor(request, request.params.id);
      return reply.status(201).send({ data: await createAddress(ctx, actor, request.body) });
    },
  );

  app.put(
    '/accounts/:id/addresses/:addressId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Make the address the default of its category',
        description: 'The other addresses of the category stop being its default.' + access,
        params: addressParams,
        body: addressUpdateSchema,
        response: { 200: dataEnvelope(addressSchema) },
      },
    },
    async (request) => {
      const { id, addressId } = request.params;
      const isDefault = request.body.is_default === true || request.body.is_default === 1;
      const actor = await billingActor(request, id);
      return { data: await updateAddress(ctx, actor, addressId, isDefault) };
    },
  );

  app.delete(
    '/accounts/:id/addresses/:addressId',
    {
      config: { access: 'account' },
      schema: {
        tags,
        summary: 'Delete an address',
        description:
          'Orders keep the copy they were made with. When the default goes, the newest other ' +
          'address of the category becomes the default.' +
          access,
        params: addressParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const { id, addressId } = request.params;
      await removeAddress(ctx, await billingActor(request, id), addressId);
      return reply.status(204).send(null);
    },
  );
};
