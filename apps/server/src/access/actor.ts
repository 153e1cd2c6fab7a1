import type { FastifyRequest } from 'fastify';
import { defineAbilityFor, type Action, type AppAbility, type Subject } from '@waymark/domain';
import type { Db } from '../db/client';
import { requireAuth } from '../http/auth';
import { forbidden, notFound } from '../errors/domain-error';
import { accountOfDevice, visibleAmong, type DeviceScope } from './device-visibility';
import { membershipOf, platformAdminView, type Membership } from './membership.queries';
import { isPlatformAdmin, type Principal } from './principal';
import { findPrincipalUser } from './tokens.queries';

/**
 * Someone acting in one account: an HTTP caller, or a job, rule or assistant tool acting for
 * the user who set it up. Services take an Actor, so every caller gets the same checks.
 */
export interface Actor extends Principal {
  accountId: number;
  /** The account as the user belongs to it; a platform admin outside it sees it as a viewer. */
  membership: Membership;
  /** What the role and the account's flags allow (the same rules the web app asks). */
  ability: AppAbility;
  /** The trackers of the account the actor sees: all of them, or device_ids and group_ids. */
  devices: DeviceScope;
}

/**
 * The principal acting in the account, or undefined when they do not belong to it. Platform
 * admins get the platform-admin view of any account (spec 002 §1).
 */
export async function findActor(
  db: Db,
  principal: Principal,
  accountId: number,
): Promise<Actor | undefined> {
  if (principal.apiAccountId !== undefined && principal.apiAccountId !== accountId)
    return undefined;
  const membership =
    (await membershipOf(db, principal.user.id, accountId)) ??
    (isPlatformAdmin(principal) ? await platformAdminView(db, accountId) : undefined);
  if (!membership) return undefined;
  const ability = defineAbilityFor({
    role: membership.role,
    account: membership,
    isPlatformAdmin: isPlatformAdmin(principal),
    isImitating: principal.imitator !== null,
  });
  return {
    user: principal.user,
    imitator: principal.imitator,
    ...(principal.apiAccountId === undefined ? {} : { apiAccountId: principal.apiAccountId }),
    accountId: membership.id,
    membership,
    ability,
    devices: membership,
  };
}

/**
 * The principal acting in the account. Anyone who does not belong to it gets 404, so the
 * existence of another account's data is never revealed.
 */
export async function actorAs(db: Db, principal: Principal, accountId: number): Promise<Actor> {
  return found(await findActor(db, principal, accountId));
}

/** For jobs, rules and the assistant: the user by id, with the same checks as a request. */
export async function actorOf(db: Db, userId: number, accountId: number): Promise<Actor> {
  const user = await findPrincipalUser(db, userId);
  if (!user) throw notFound();
  return actorAs(db, { user, imitator: null }, accountId);
}

const actorsOfRequest = new WeakMap<FastifyRequest, Map<number, Promise<Actor>>>();

/** The signed-in caller acting in the account; built once per request (401, 404 as actorAs). */
export function actorFor(request: FastifyRequest, accountId: number): Promise<Actor> {
  const principal = requireAuth(request);
  let actors = actorsOfRequest.get(request);
  if (!actors) actorsOfRequest.set(request, (actors = new Map()));
  let actor = actors.get(accountId);
  if (!actor) {
    actor = actorAs(request.server.ctx.database.db, principal, accountId);
    actors.set(accountId, actor);
  }
  return actor;
}

/** Throws 403 (with the spec's message where it names one) unless the actor may. */
export function authorize(actor: Actor, action: Action, subject: Subject, message?: string) {
  if (!actor.ability.can(action, subject)) throw forbidden(message);
}

/** Throws 403 unless the principal is a platform admin. */
export function authorizePlatformAdmin(principal: Principal) {
  if (!isPlatformAdmin(principal)) throw forbidden();
}

/**
 * What the actor asked for, found within its account (and among what it may see); anything
 * else is 404, exactly as for something that does not exist.
 */
export function found<T>(row: T | undefined | null): T {
  if (row === undefined || row === null) throw notFound();
  return row;
}

/** Throws 404 unless the tracker is one the actor sees. */
export async function requireVisibleDevice(db: Db, actor: Actor, deviceId: number) {
  found((await visibleAmong(db, actor.devices, [deviceId]))[0]);
}

/**
 * For routes addressed by device id alone (/devices/{id}/...): the caller acting in the
 * tracker's account, 404 when there is no such tracker. The service then checks, as for any
 * device, that the actor sees it (the same 404 otherwise).
 */
export async function actorForDevice(request: FastifyRequest, deviceId: number): Promise<Actor> {
  requireAuth(request);
  const accountId = await accountOfDevice(request.server.ctx.database.db, deviceId);
  return actorFor(request, found(accountId));
}

/**
 * A platform admin acting in an account through the Utilities page (docs/architecture.md,
 * "Utilities"): the account admin's powers over every tracker, with custom commands, since
 * the page's command cards send text. 403 for anyone but a platform admin in their own name,
 * 404 when there is no such account.
 */
export async function platformAdminActor(
  db: Db,
  principal: Principal,
  accountId: number,
): Promise<Actor> {
  authorizePlatformAdmin(principal);
  const view = found(await platformAdminView(db, accountId));
  const membership: Membership = {
    ...view,
    role: 'admin',
    settings: [
      ...view.settings.filter((s) => s.code !== 'custom_commands_available'),
      { code: 'custom_commands_available', value: '1' },
    ],
  };
  return {
    user: principal.user,
    imitator: principal.imitator,
    accountId,
    membership,
    ability: defineAbilityFor({
      role: 'admin',
      account: membership,
      isPlatformAdmin: true,
      isImitating: false,
    }),
    devices: membership,
  };
}
