import type { Me, Setting, UserUpdate } from '@waymark/domain';
import { phoneDigits } from '@waymark/domain';
import type { Actor } from '../../access/actor';
import { membershipsOf } from '../../access/membership.queries';
import { authorizeOwnCredentials, isPlatformAdmin, type Principal } from '../../access/principal';
import type { AppContext } from '../../app-context';
import { forbidden, invalidField, notFound } from '../../errors/domain-error';
import { readUserSettings, writeUserSettings } from './user-settings.queries';
import { emailTaken, findUser, listTimezones, timezoneExists, updateUser } from './users.queries';

/** The signed-in user with every account they belong to (GET /me). */
export async function currentUser(ctx: AppContext, principal: Principal): Promise<Me> {
  const { db } = ctx.database;
  const user = await findUser(db, principal.user.id);
  if (!user) throw notFound();
  const memberships = await membershipsOf(db, principal.user.id);
  return {
    ...user,
    accounts: memberships.map(({ device_ids: _d, group_ids: _g, ...account }) => account),
    account_roles: Object.fromEntries(memberships.map((m) => [String(m.id), m.role])),
    imitated_by: principal.imitator,
  };
}

/**
 * Updates a profile. People edit their own; platform admins may edit anyone's. While imitating,
 * the e-mail stays as it is (403).
 */
export async function updateProfile(
  ctx: AppContext,
  principal: Principal,
  userId: number,
  body: UserUpdate,
) {
  const { db } = ctx.database;
  if (userId !== principal.user.id && !isPlatformAdmin(principal)) {
    // Someone else's profile: do not reveal whether the id exists.
    throw (await findUser(db, userId)) ? forbidden() : notFound();
  }
  const current = await findUser(db, userId);
  if (!current) throw notFound();
  // A new e-mail would let the imitating admin reset the password to a mailbox of theirs.
  if (body.email.toLowerCase() !== current.email.toLowerCase()) authorizeOwnCredentials(principal);
  if (await emailTaken(db, body.email, userId)) {
    throw invalidField('email', 'The email has already been taken.');
  }
  if (!(await timezoneExists(db, body.timezone_id))) {
    throw invalidField('timezone_id', 'time zone is required');
  }
  // Phones are stored as digits so every screen can format them the same way.
  const phone = body.phone ? phoneDigits(body.phone) : null;
  await updateUser(db, userId, { ...body, phone });
  const user = await findUser(db, userId);
  if (!user) throw notFound();
  return user;
}

export const timezones = (ctx: AppContext) => listTimezones(ctx.database.db);

/** The actor's own settings in the account (code/value pairs). */
export const userSettingsOf = (ctx: AppContext, actor: Actor) =>
  readUserSettings(ctx.database.db, actor.user.id, actor.accountId);

/** Stores the actor's settings in the account; answers every setting after the change. */
export async function storeUserSettings(ctx: AppContext, actor: Actor, settings: Setting[]) {
  await writeUserSettings(ctx.database.db, actor.user.id, actor.accountId, settings);
  return userSettingsOf(ctx, actor);
}
