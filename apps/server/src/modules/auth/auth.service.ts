import {
  IMITATION_TTL_MS,
  MESSAGES,
  tryAgainIn,
  type LoginRequest,
  type ResetPassword,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import { HttpError, tooManyRequests, unauthenticated } from '../../http/errors';
import {
  findUserForLogin,
  loginFailures,
  recordLogin,
  setPasswordHash,
} from '../users/users.queries';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { BURST_WINDOW_MS, PAIR_WINDOW_MS, retryAfterSeconds } from './login-throttle';
import { findLiveToken } from '../../access/tokens.queries';
import { issueToken, revokeToken, revokeUserTokens } from './tokens.queries';
import type { Session } from '../../access/principal';

const SESSION_TTL_MS = 90 * 24 * 3600_000;
const TEMPORARY_TTL_MS = 60_000;
const RESET_TTL_MS = 60 * 60_000;

export interface LoginOrigin {
  ip: string;
  userAgent?: string;
}

/** Checks credentials, records the attempt and issues a session token. */
export async function login(ctx: AppContext, body: LoginRequest, origin: LoginOrigin) {
  const { db } = ctx.database;
  const failures = await loginFailures(db, body.email, origin.ip, {
    pairWindowMs: PAIR_WINDOW_MS,
    burstWindowMs: BURST_WINDOW_MS,
  });
  const wait = retryAfterSeconds(failures, ctx.config.LOGIN_RATE_LIMIT, new Date());
  if (wait > 0) throw tooManyRequests(tryAgainIn(wait), wait);
  const user = await findUserForLogin(db, body.email);
  const valid = user
    ? await verifyPassword(user.password_hash, body.password)
    : await verifyPassword(await decoyHash, body.password).then(() => false);
  await recordLogin(db, {
    user_id: user?.id ?? null,
    email: body.email.toLowerCase(),
    success: valid,
    ...(valid ? {} : { reason: user ? 'wrong password' : 'unknown email' }),
    ip: origin.ip,
    ...(origin.userAgent ? { user_agent: origin.userAgent } : {}),
  });
  if (!user || !valid) throw new HttpError(401, MESSAGES.invalidCredentials);
  return issueToken(db, user.id, 'session', { ttlMs: SESSION_TTL_MS });
}

/** A new session token for a user who just proved who they are (an accepted invitation). */
export function openSession(ctx: AppContext, userId: number) {
  return issueToken(ctx.database.db, userId, 'session', { ttlMs: SESSION_TTL_MS });
}

export async function logout(ctx: AppContext, auth: Session) {
  await revokeToken(ctx.database.db, auth.tokenId);
}

/** Ends an imitation: the imitation token stops working; the admin's own session remains. */
export async function endImitation(ctx: AppContext, auth: Session) {
  if (auth.imitator) await revokeToken(ctx.database.db, auth.tokenId);
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
 * Changes the signed-in user's password and revokes every other token of theirs: sessions,
 * one-time login links, reset links and admins' impersonations of them.
 */
export async function changePassword(ctx: AppContext, auth: Session, password: string) {
  const { db } = ctx.database;
  await setPasswordHash(db, auth.user.id, await hashPassword(password));
  await revokeUserTokens(db, auth.user.id, 'all', auth.imitator ? undefined : auth.tokenId);
}

/** Mails a reset link when the address has an account; answers the same either way. */
export async function sendResetLink(ctx: AppContext, email: string) {
  const { db } = ctx.database;
  const user = await findUserForLogin(db, email);
  if (!user) return;
  await revokeUserTokens(db, user.id, 'password_reset');
  const token = await issueToken(db, user.id, 'password_reset', { ttlMs: RESET_TTL_MS });
  const link = new URL('/reset-password', ctx.config.appUrl);
  link.searchParams.set('token', token);
  link.searchParams.set('email', email.toLowerCase());
  await ctx.mailer.send({
    to: email.toLowerCase(),
    subject: 'Reset your Waymark password',
    text: [
      'Someone asked to reset the password of your Waymark account.',
      `Open this link within 60 minutes to choose a new one: ${link.href}`,
      'If it was not you, ignore this e-mail; your password stays as it is.',
    ].join('\n\n'),
  });
}

/** Sets a new password from a mailed link; the link works once and revokes every token. */
export async function resetPassword(ctx: AppContext, body: ResetPassword) {
  const { db } = ctx.database;
  const found = await findLiveToken(db, body.token, ['password_reset']);
  const invalid = new HttpError(422, MESSAGES.resetTokenInvalid, {
    token: [MESSAGES.resetTokenInvalid],
  });
  if (!found || found.user.email !== body.email.toLowerCase()) throw invalid;
  if (!(await revokeToken(db, found.tokenId))) throw invalid;
  await setPasswordHash(db, found.user.id, await hashPassword(body.password));
  await revokeUserTokens(db, found.user.id, 'all');
}
