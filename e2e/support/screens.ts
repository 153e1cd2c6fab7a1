import type { Page } from '@playwright/test';

/**
 * Every built screen of the web app as a URL a demo user can open: the paths come from the
 * app's own route table, so a screen built later is audited without editing the tests, and
 * each `:param` becomes the id of a real demo object the user can see.
 */

/** The part of a route table entry read here (apps/web/src/app/routing/screenRoute.ts). */
interface RouteEntry {
  path?: string;
  guard?: { platformAdmin?: boolean };
  index?: boolean;
  redirect?: string;
  children?: RouteEntry[];
}

interface RouteTable {
  PUBLIC_ROUTES: RouteEntry[];
  PRIVATE_ROUTES: RouteEntry[];
}

type IsMounted = (route: RouteEntry) => boolean;

// Loaded when the tests run rather than imported: an import would make e2e's type-check
// compile the whole web app (its screens are behind the table's lazy imports), and the
// table itself needs nothing of the browser to load.
const ROUTING = new URL('../../apps/web/src/app/routing/', import.meta.url).href;

/** Which of the route table's screens a user is audited on. */
export interface ScreenChoice {
  /** The screens reachable without logging in (PUBLIC_ROUTES), else those behind it. */
  public: boolean;
  /** Include the screens only a platform admin may open (their guard says so). */
  platformAdmin?: boolean;
}

/** Paths of the mounted screens (no leading slash), parents before their children. */
export async function builtPaths(choice: ScreenChoice): Promise<string[]> {
  const table = (await import(`${ROUTING}routeTable.ts`)) as RouteTable;
  const { isMounted } = (await import(`${ROUTING}screenRoute.ts`)) as { isMounted: IsMounted };
  const paths: string[] = [];
  const walk = (routes: RouteEntry[], parent: string) => {
    for (const route of routes) {
      if (route.redirect || !isMounted(route)) continue;
      if (route.guard?.platformAdmin && !choice.platformAdmin) continue;
      const path = route.index ? parent : [parent, route.path].filter(Boolean).join('/');
      // A parent whose screen is a frame around its children (tabs) is opened as each child.
      if (route.children?.length) walk(route.children, path);
      else paths.push(path);
    }
  };
  walk(choice.public ? table.PUBLIC_ROUTES : table.PRIVATE_ROUTES, '');
  return paths;
}

/** Ids of demo objects, by the path segment before the parameter ('trackers/:id'). */
export type DemoIds = Record<string, number | string | undefined>;

/** The first of each object the signed-in user sees in `accountId`, for the screens' params. */
export async function demoIds(page: Page, token: string, accountId: number): Promise<DemoIds> {
  const list = async <T>(path: string): Promise<T[]> => {
    const response = await page.request.get(`/api/accounts/${accountId}/${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    // A consumer account has no groups: its screens are not reachable anyway.
    return response.ok() ? ((await response.json()) as { data: T[] }).data : [];
  };
  // Rules answer at /rules-engine?account_id= (spec 001 §7), not under the account's path.
  const rules = async (): Promise<{ id: number }[]> => {
    const response = await page.request.get(`/api/rules-engine?account_id=${accountId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return response.ok() ? ((await response.json()) as { data: { id: number }[] }).data : [];
  };
  const trackers = await list<{ id: number; current_position: unknown }>('device-list');
  // A tracker with a position, so its details show a map and a history to act on.
  const tracker = trackers.find((t) => t.current_position !== null) ?? trackers[0];
  return {
    'trackers/:id': tracker?.id,
    'accounts/:accountId': accountId,
    'groups/:id': (await list<{ id: number }>('groups'))[0]?.id,
    'geofences/:id': (await list<{ id: number }>('geofences'))[0]?.id,
    'shipments/:id': (await list<{ id: number }>('shipments'))[0]?.id,
    'rules/:id': (await rules())[0]?.id,
    'reports/:id': (await list<{ id: number }>('reports'))[0]?.id,
    'subscriptions/:id': (await list<{ id: number }>('subscriptions'))[0]?.id,
    'orders/:id': (await list<{ id: number }>('orders'))[0]?.id,
  };
}

/**
 * The ids the screens open without a login take: a demo shipment's public tracking link and
 * the demo's public report, looked up as the demo admin (the pages are then opened by no one).
 */
export async function publicDemoIds(page: Page, email: string, password: string) {
  const login = await page.request.post('/api/token', { data: { email, password } });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const headers = { Authorization: `Bearer ${token}` };
  const me = (await (await page.request.get('/api/me', { headers })).json()) as {
    data: { accounts: { id: number; can_track_shipments: boolean }[] };
  };
  const account = me.data.accounts.find((a) => a.can_track_shipments);
  const shipments = account
    ? ((await (
        await page.request.get(`/api/accounts/${account.id}/shipments`, { headers })
      ).json()) as { data: { uuid: string }[] })
    : { data: [] };
  // Demo Logistics (the account that tracks shipments) has the demo's public report.
  const reports = account
    ? ((await (
        await page.request.get(`/api/accounts/${account.id}/reports`, { headers })
      ).json()) as { data: { uuid: string; is_public: boolean }[] })
    : { data: [] };
  // The demo's orders: any one's approve link opens the public invoice.
  const firstAccount = me.data.accounts[0];
  const ordersResponse = firstAccount
    ? await page.request.get(`/api/accounts/${firstAccount.id}/orders`, { headers })
    : null;
  const orders = ordersResponse?.ok()
    ? ((await ordersResponse.json()) as { data: { uuid: string }[] })
    : { data: [] };
  return {
    'track/:uuid': shipments.data[0]?.uuid,
    'view/:uuid': reports.data.find((r) => r.is_public)?.uuid,
    'approve-order/:uuid': orders.data[0]?.uuid,
  } satisfies DemoIds;
}

export interface Screen {
  /** The route table's path, e.g. 'trackers/:id'. */
  route: string;
  /** The URL to open; undefined when the user has no object for a parameter. */
  url: string | undefined;
}

/** The chosen built screens, with the user's ids in place of the parameters. */
export async function builtScreens(choice: ScreenChoice, ids: DemoIds = {}): Promise<Screen[]> {
  return (await builtPaths(choice)).map((route) => {
    let missing = false;
    const segments = route.split('/').map((segment, i, all) => {
      if (!segment.startsWith(':')) return segment;
      const key = `${all[i - 1]}/${segment}`;
      if (!(key in ids)) {
        throw new Error(`No demo object for ${key} in /${route}: add its id in support/screens.ts`);
      }
      const id = ids[key];
      if (id === undefined) missing = true;
      return String(id);
    });
    return { route, url: missing ? undefined : `/${segments.join('/')}` };
  });
}
