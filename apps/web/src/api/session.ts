/**
 * Where the browser keeps the session between page loads. The stored token is the user's own
 * bearer token; while a platform admin imitates someone, the imitation token is sent instead.
 */
const TOKEN_KEY = 'waymark.token';
const IMITATION_KEY = 'waymark.imitation';
const IMITATE_FROM_KEY = 'waymark.imitateFrom';
const ACCOUNT_KEY = 'waymark.account';
const ACCOUNT_BEFORE_IMITATION_KEY = 'waymark.accountBeforeImitation';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be disabled (private mode, blocked cookies): behave as logged out.
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Same as above: without storage the session lasts only for this page.
  }
}

export const session = {
  token: () => read(TOKEN_KEY),
  setToken: (token: string | null) => write(TOKEN_KEY, token),
  imitationToken: () => read(IMITATION_KEY),
  setImitationToken: (token: string | null) => write(IMITATION_KEY, token),
  /** In-app path a platform admin returns to after quitting imitation. */
  imitateFrom: () => read(IMITATE_FROM_KEY),
  setImitateFrom: (path: string | null) => write(IMITATE_FROM_KEY, path),
  accountId(): number | null {
    const raw = read(ACCOUNT_KEY);
    const id = raw === null ? NaN : Number(raw);
    return Number.isInteger(id) && id > 0 ? id : null;
  },
  setAccountId: (id: number | null) => write(ACCOUNT_KEY, id === null ? null : String(id)),
  /**
   * Remembers the account the platform admin has open and switches to the imitated user's,
   * so quitting returns the admin to their own (endImitation).
   */
  beginImitation(accountId: number): void {
    write(ACCOUNT_BEFORE_IMITATION_KEY, read(ACCOUNT_KEY) ?? '');
    write(ACCOUNT_KEY, String(accountId));
  },
  /**
   * Forgets the imitation token and the imitated user's account: the admin's account from
   * before comes back (none when it was not recorded, so the admin's own first one is used).
   * Without an imitation it changes nothing.
   */
  endImitation(): void {
    const before = read(ACCOUNT_BEFORE_IMITATION_KEY);
    if (read(IMITATION_KEY) !== null || before !== null) write(ACCOUNT_KEY, before || null);
    write(IMITATION_KEY, null);
    write(IMITATE_FROM_KEY, null);
    write(ACCOUNT_BEFORE_IMITATION_KEY, null);
  },
  /** The token every request carries: the imitation token wins while imitating. */
  bearer: () => read(IMITATION_KEY) ?? read(TOKEN_KEY),
  isImitating: () => read(IMITATION_KEY) !== null,
  clear(): void {
    write(TOKEN_KEY, null);
    write(IMITATION_KEY, null);
    write(IMITATE_FROM_KEY, null);
    write(ACCOUNT_BEFORE_IMITATION_KEY, null);
  },
};
