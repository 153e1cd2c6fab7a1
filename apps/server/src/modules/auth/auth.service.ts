import {
  IMITATION_TTL_MS,
  MESSAGES,
  tryAgainIn,
  type LoginRequest,
  type PasswordUpdate,
  type ResetPassword,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { invalid, invalidField, tooManyRequests, unauthenticated } from '../../errors/domain-error';
import {
  findUserForLogin,
  loginFailures,
  recordLogin,
  setPasswordHash,
} from '../users/users.queries';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { LOGIN_WINDOWS, retryAfterSeconds } from './login-throttle';
import { findLiveToken } from '../../access/tokens.queries';
import { issueToken, revokeToken, revokeUserTokens } from './tokens.queries';
import { authorizeOwnCredentials, type Session } from '../../access/principal';
import { hashToken } from '../../http/tokens';
import { queueMail } from '../delivery/outbound-messages';

const SESSION_TTL_MS = 90 * 24 * 3600_000;
const TEMPORARY_TTL_MS = 60_000;
const RESET_TTL_MS = 60 * 60_000;

export interface LoginOrigin {
  ip: string;
  userAgent?: string;
}

/**
 * Checks an e-mail's password under the login throttle (login-throttle.ts) and records the
 * attempt: 429 while this address is held back for the e-mail, the user when the password is
 * theirs, undefined when it is not (or no login has the e-mail). Logging in, changing a
 * password and accepting an invitation with an existing login all go through here, so a
 * guess counts the same wherever it is made.
 */
export async function checkPassword(
  ctx: AppContext,
  email: string,
  password: string,
  origin: LoginOrigin,
  failure = 'wrong password',
) {
  const { db } = ctx.database;
  const failures = await loginFailures(db, email, origin.ip, LOGIN_WINDOWS);
  const wait = retryAfterSeconds(failures, ctx.config.LOGIN_RATE_LIMIT, new Date());
  if (wait > 0) throw tooManyRequests(tryAgainIn(wait), wait);
  const user = await findUserForLogin(db, email);
  const valid = user
    ? await verifyPassword(user.password_hash, password)
    : await verifyPassword(await decoyHash, password).then(() => false);
  await recordLogin(db, {
    user_id: user?.id ?? null,
    email: email.toLowerCase(),
    success: valid,
    ...(valid ? {} : { reason: user ? failure : 'unknown email' }),
    ip: origin.ip,
    ...(origin.userAgent ? { user_agent: origin.userAgent } : {}),
  });
  return valid ? user : undefined;
}

/** Checks credentials, records the attempt and issues a session token. */
export async function login(ctx: AppContext, body: LoginRequest, origin: LoginOrigin) {
  const user = await checkPassword(ctx, body.email, body.password, origin);
  if (!user) throw unauthenticated(MESSAGES.invalidCredentials);
  return issueToken(ctx.database.db, user.id, 'session', { ttlMs: SESSION_TTL_MS });
}

/** A new session token for a user who just proved who they are (an accepted invitation). */
export function openSession(ctx: AppContext, userId: number) {
  return issueToken(ctx.database.db, userId, 'session', { ttlMs: SESSION_TTL_MS });
}

/** Every process closes the websockets opened with these tokens (realtime/hub.ts). */
function announceRevoked(ctx: AppContext, tokenIds: number[]) {
  if (tokenIds.length > 0) ctx.bus.publish('tokens.revoked', { token_ids: tokenIds });
}

export async function logout(ctx: AppContext, auth: Session) {
  if (await revokeToken(ctx.database.db, auth.tokenId)) announceRevoked(ctx, [auth.tokenId]);
}

/** Ends an imitation: the imitation token stops working; the admin's own session remains. */
export async function endImitation(ctx: AppContext, auth: Session) {
  if (!auth.imitator) return;
  if (await revokeToken(ctx.database.db, auth.tokenId)) announceRevoked(ctx, [auth.tokenId]);
}

/** A one-time token valid for a minute, used to carry a session to another host. */
export function issueTemporaryToken(ctx: AppContext, auth: Session) {
  return issueToken(ctx.database.db, auth.user.id, 'temporary', {
    ttlMs: TEMPORARY_TTL_MS,
    ...(auth.imitator ? { imitatorId: auth.imitator.id } : {}),
  });
}

/** Exchanges a temporary token, once, for a session token (or an imitation token). */
export async function exchangeTemporaryToken(ctx: AppContext, token: string) {
  const { db } = ctx.database;
  const found = await findLiveToken(db, token, ['temporary']);
  if (!found || !(await revokeToken(db, found.tokenId))) throw unauthenticated();
  if (found.imitator?.id) {
    const imitation_token = await issueToken(db, found.user.id, 'imitation', {
      ttlMs: IMITATION_TTL_MS,
      imitatorId: found.imitator.id,
    });
    return { imitation_token };
  }
  return { token: await issueToken(db, found.user.id, 'session', { ttlMs: SESSION_TTL_MS }) };
}

/**
 * Changes the signed-in user's password, once they gave the current one (a wrong one counts
 * toward the login throttle), and revokes every other token of theirs: sessions, one-time
 * login links, reset links and admins' impersonations of them. Never while imitating: the
 * admin would hold a password that works without imitation.
 */
export async function changePassword(
  ctx: AppContext,
  auth: Session,
  body: PasswordUpdate,
  origin: LoginOrigin,
) {
  authorizeOwnCredentials(auth);
  const { db } = ctx.database;
  const checked = await checkPassword(
    ctx,
    auth.user.email,
    body.current_password,
    origin,
    'wrong current password',
  );
  if (!checked || checked.id !== auth.user.id) {
    throw invalidField('current_password', MESSAGES.currentPasswordWrong);
  }
  await setPasswordHash(db, auth.user.id, await hashPassword(body.password));
  announceRevoked(ctx, await revokeUserTokens(db, auth.user.id, 'all', auth.tokenId));
}

/**
 * A one-time link to the reset-password page that sets the user's password (the mailed reset
 * link, and the first admin's link `npm run create-admin` prints); earlier ones stop working.
 */
export async function issueSetPasswordLink(
  appUrl: string,
  db: AppContext['database']['db'],
  userId: number,
  email: string,
  ttlMs: number,
) {
  await revokeUserTokens(db, userId, 'password_reset');
  const token = await issueToken(db, userId, 'password_reset', { ttlMs });
  const link = new URL('/reset-password', appUrl);
  link.searchParams.set('token', token);
  link.searchParams.set('email', email.toLowerCase());
  return link;
}

/** Mails a reset link when the address has an account; answers the same either way. */
export async function sendResetLink(ctx: AppContext, email: string) {
  const { db } = ctx.database;
  const user = await findUserForLogin(db, email);
  if (!user) return;
  const link = await issueSetPasswordLink(ctx.config.appUrl, db, user.id, email, RESET_TTL_MS);
  await queueMail(ctx, [
    {
      // One mail per link: its token's hash names it (the plain token is in the text only).
      key: `password-reset:${hashToken(link.searchParams.get('token')!)}`,
      kind: 'password-reset',
      to: email.toLowerCase(),
      subject: 'Reset your Waymark password',
      text: [
        'Someone asked to reset the password of your Waymark account.',
        `Open this link within 60 minutes to choose a new one: ${link.href}`,
        'If it was not you, ignore this e-mail; your password stays as it is.',
      ].join('\n\n'),
    },
  ]);
}

/** Sets a new password from a mailed link; the link works once and revokes every token. */
export async function resetPassword(ctx: AppContext, body: ResetPassword) {
  const { db } = ctx.database;
  const found = await findLiveToken(db, body.token, ['password_reset']);
  const refused = invalid(MESSAGES.resetTokenInvalid, {
    token: [MESSAGES.resetTokenInvalid],
  });
  if (!found || found.user.email !== body.email.toLowerCase()) throw refused;
  if (!(await revokeToken(db, found.tokenId))) throw refused;
  await setPasswordHash(db, found.user.id, await hashPassword(body.password));
  announceRevoked(ctx, await revokeUserTokens(db, found.user.id, 'all'));
}
