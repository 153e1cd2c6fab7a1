import type { RateLimitOptions } from '@fastify/rate-limit';
import { tooManyRequests } from '../errors/domain-error';

/**
 * Per-address limits of the calls a stranger could repeat to guess or to flood (issue 24),
 * each a route's `config.rateLimit`; a 429 carries Retry-After. Logins have their own
 * throttle (modules/auth/login-throttle.ts). The numbers leave a person refreshing a page, or
 * an office behind one address, far below them.
 */
const perMinute = (max: number): RateLimitOptions => ({
  max,
  timeWindow: '1 minute',
  errorResponseBuilder: () => tooManyRequests('Too many requests. Please try again in a minute.'),
});

/** Pages anyone with the link opens (shipment track, report view, approve order, exports). */
export const publicPageLimit = (max: number) => perMinute(max);

/** Invitations sent: each is an e-mail to an address the sender chose. */
export const INVITATIONS_PER_MINUTE = 30;
export const invitationLimit = perMinute(INVITATIONS_PER_MINUTE);

/** Uploads (anchor images, Scout's attachments): each is stored. */
export const UPLOADS_PER_MINUTE = 60;
export const uploadLimit = perMinute(UPLOADS_PER_MINUTE);
