/**
 * When a failed login may be tried again (issue 24: stop attackers, not users). Three counts
 * of failures, each with its own threshold; past a threshold every further failure doubles
 * the wait, from a minute up to an hour, counted from the latest failure:
 *
 * - one address and one e-mail, failures in a row (since that pair's last success, within a
 *   day): `limit` (LOGIN_RATE_LIMIT). Someone who mistypes a password waits; a correct login
 *   resets the count.
 * - one address, any e-mail, in 15 minutes: 5 × `limit`. One machine trying many accounts.
 * - one e-mail, any address, in 15 minutes: 5 × `limit`. Many machines trying one account.
 *
 * The last two hold back unknown devices only: a user who signed in from this address within
 * 30 days (KNOWN_ADDRESS_WINDOW_MS) is not held back by other e-mails' failures there, nor by
 * failures for their e-mail elsewhere, so neither an attacker sharing their office's address
 * nor one hammering their account from afar locks them out.
 *
 * Only failures count, so a person signing in on many devices is never held back.
 */

export interface FailureCount {
  failures: number;
  /** The latest of them; null when there were none. */
  last: Date | null;
}

export interface LoginFailures {
  pair: FailureCount;
  address: FailureCount;
  email: FailureCount;
  /** The user signed in successfully from this address within KNOWN_ADDRESS_WINDOW_MS. */
  knownAddress: boolean;
}

/** How far back the counts of one address or one e-mail reach. */
export const BURST_WINDOW_MS = 15 * 60_000;
/** How far back failures in a row of one address and e-mail reach. */
export const PAIR_WINDOW_MS = 24 * 3600_000;
/** How recent a success from an address must be for it to count as the user's own. */
export const KNOWN_ADDRESS_WINDOW_MS = 30 * 24 * 3600_000;
/** The windows the counts are read with (users.queries.ts loginFailures). */
export const LOGIN_WINDOWS = {
  pairWindowMs: PAIR_WINDOW_MS,
  burstWindowMs: BURST_WINDOW_MS,
  knownAddressWindowMs: KNOWN_ADDRESS_WINDOW_MS,
};
/** The first wait past a threshold, doubled by each further failure, and the longest. */
const FIRST_WAIT_S = 60;
const LONGEST_WAIT_S = 3600;
/** The address and e-mail thresholds, as multiples of the pair's. */
const BURST_FACTOR = 5;

/** Seconds to wait after `failures` against a threshold; 0 below it. */
export function waitSeconds(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(FIRST_WAIT_S * 2 ** (failures - threshold), LONGEST_WAIT_S);
}

function remaining(count: FailureCount, threshold: number, now: Date): number {
  const wait = waitSeconds(count.failures, threshold);
  if (wait === 0 || !count.last) return 0;
  return Math.max(0, Math.ceil((count.last.getTime() + wait * 1000 - now.getTime()) / 1000));
}

/** Seconds before this address may try this e-mail again; 0 when it may now. */
export function retryAfterSeconds(counts: LoginFailures, limit: number, now: Date): number {
  const burst = limit * BURST_FACTOR;
  return Math.max(
    remaining(counts.pair, limit, now),
    counts.knownAddress ? 0 : remaining(counts.address, burst, now),
    counts.knownAddress ? 0 : remaining(counts.email, burst, now),
  );
}
