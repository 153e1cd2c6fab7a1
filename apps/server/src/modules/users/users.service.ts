import type { Me, UserUpdate } from '@waymark/domain';
import { phoneDigits } from '@waymark/domain';
import type { AppContext } from '../../app-context';
import type { Auth } from '../../http/auth';
import { forbidden, invalidField, notFound } from '../../http/errors';
import { membershipsOf } from '../accounts/accounts.queries';
import { emailTaken, findUser, timezoneExists, updateUser } from './users.queries';

/** The signed-in user with every account they belong to (GET /me). */
export async function currentUser(ctx: AppContext, auth: Auth): Promise<Me> {
  const { db } = ctx.database;
  const user = await findUser(db, auth.user.id);
  if (!user) throw notFound();
  const memberships = await membershipsOf(db, auth.user.id);
  return {
    ...user,
    accounts: memberships.map(({ device_ids: _d, group_ids: _g, ...account }) => account),
    account_roles: Object.fromEntries(memberships.map((m) => [String(m.id), m.role])),
    imitated_by: auth.imitator,
  };
}

/** Updates a profile. People edit their own; platform admins may edit anyone's. */
export async function updateProfile(ctx: AppContext, auth: Auth, userId: number, body: UserUpdate) {
  const { db } = ctx.database;
  if (userId !== auth.user.id && !auth.user.is_gpx_admin) {
    // Someone else's profile: do not reveal whether the id exists.
    throw (await findUser(db, userId)) ? forbidden() : notFound();
  }
  if (!(await findUser(db, userId))) throw notFound();
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
