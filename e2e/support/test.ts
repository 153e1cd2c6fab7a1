import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUser } from './users';
import { accountIdByTitle, type Session } from './session';

export { expect };

interface SignInOptions {
  /**
   * A token of this test's own instead of the one the worker shares: for a test that ends
   * its session (logging out, changing the password revokes the user's other tokens).
   */
  ownSession?: boolean;
  /** The title of the user's account the app opens in, instead of their first one. */
  account?: string;
}

/** Puts a demo user's session into the page's browser context and returns it. */
type SignIn = (user: DemoUser, options?: SignInOptions) => Promise<Session>;

/** One login per server and user in each worker, shared by the tests that run there. */
type SessionCache = (baseURL: string, user: DemoUser) => Promise<Session>;

/** Logs in through the API, as the login form does, and picks the account the app would. */
async function logInByApi(request: APIRequestContext, user: DemoUser): Promise<Session> {
  const login = await request.post('/api/token', {
    data: { email: DEMO_USERS[user].email, password: DEMO_PASSWORD },
  });
  if (!login.ok()) throw new Error(`POST /api/token as ${user}: ${login.status()}`);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const me = await request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } });
  if (!me.ok()) throw new Error(`GET /api/me as ${user}: ${me.status()}`);
  const { accounts } = ((await me.json()) as { data: { accounts: { id: number }[] } }).data;
  // With no account stored, the app chooses the user's first one (chooseAccount).
  const accountId = accounts[0]?.id;
  if (accountId === undefined) throw new Error(`${user} belongs to no account`);
  return { token, accountId };
}

/**
 * What the web app keeps in localStorage after a login (apps/web/src/api/session.ts), so a
 * page opened with it starts signed in without the login form.
 */
function storageState(baseURL: string, session: Session) {
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(baseURL).origin,
        localStorage: [
          { name: 'waymark.token', value: session.token },
          { name: 'waymark.account', value: String(session.accountId) },
        ],
      },
    ],
  };
}

/**
 * The browser tests' `test`: `signIn(user)` starts the page signed in as a demo user. The
 * login form is tested in specs/auth/log-in.spec.ts; every other test starts from a session
 * made through the API once per worker, which saves a login page, the trackers screen it
 * lands on (a WebGL map) and a password hash per test.
 */
export const test = base.extend<
  {
    signIn: SignIn;
    sessionOf: (user: DemoUser) => Promise<Session>;
    contentSecurityPolicy: string[];
  },
  { sessions: SessionCache }
>({
  /**
   * Every browser test fails on a Content-Security-Policy violation in any of its pages
   * (issue 24): the app, its maps, workers, chat and payment form run under the server's CSP.
   */
  contentSecurityPolicy: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__cspViolation', (source, text: string) => {
        violations.push(`${source.page?.url() ?? '?'}: ${text}`);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __cspViolation?: (text: string) => void })
            .__cspViolation;
          report?.(
            `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} ` +
              `(${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],

  sessions: [
    async ({ playwright }, use) => {
      const cache = new Map<string, Promise<Session>>();
      await use((baseURL, user) => {
        const key = `${baseURL} ${user}`;
        let session = cache.get(key);
        if (!session) {
          session = (async () => {
            const request = await playwright.request.newContext({ baseURL });
            try {
              return await logInByApi(request, user);
            } finally {
              await request.dispose();
            }
          })();
          // A failed login is not kept: the next test tries again and reports its own error.
          session.catch(() => cache.delete(key));
          cache.set(key, session);
        }
        return session;
      });
    },
    { scope: 'worker' },
  ],

  signIn: async ({ page, baseURL, sessions }, use) => {
    if (!baseURL) throw new Error('The browser tests need a baseURL');
    await use(async (user, options = {}) => {
      const session = options.ownSession
        ? await logInByApi(page.request, user)
        : await sessions(baseURL, user);
      const opened = options.account
        ? { ...session, accountId: await accountIdByTitle(page, session, options.account) }
        : session;
      await page.context().setStorageState(storageState(baseURL, opened));
      return opened;
    });
  },

  /** Another user's session, to prepare or read data through the API beside the page's. */
  sessionOf: async ({ baseURL, sessions }, use) => {
    if (!baseURL) throw new Error('The browser tests need a baseURL');
    await use((user) => sessions(baseURL, user));
  },
});

/** The shell shows the signed-in user's menu (a button with their name) once it has loaded. */
export async function expectSignedIn(page: Page, user: DemoUser) {
  await expect(page.getByRole('button', { name: DEMO_USERS[user].name })).toBeVisible();
}
