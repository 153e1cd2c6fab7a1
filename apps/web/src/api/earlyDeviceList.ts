/**
 * The trackers list started by index.html's inline script, before the app's code has loaded:
 * at 100,000 trackers the list is the screen's longest wait, and the bundle takes a few hundred
 * milliseconds to arrive and run. The script stores its request on `window` (EARLY_LIST_KEY);
 * the first fetchDeviceList() for the same address and token takes it over, once. Anything
 * that is not a 200 is dropped and the app asks again through its own client, which handles
 * expired sessions and errors the usual way.
 */
export const EARLY_LIST_KEY = '__waymarkEarlyList';

interface EarlyList {
  url: string;
  token: string;
  response: Promise<Response | null>;
}

/** The query fetchDeviceList() asks device-list with; index.html's script spells the same. */
export const DEVICE_LIST_QUERY = { with_current_position: '1', format: 'rows' } as const;

/** The address fetchDeviceList() asks for, as the client builds it. */
export const deviceListUrl = (accountId: number) =>
  `/api/accounts/${accountId}/device-list?${new URLSearchParams(DEVICE_LIST_QUERY).toString()}`;

/** The early request's JSON body when it is for this account and token and succeeded; else null. */
export async function takeEarlyDeviceList(
  accountId: number,
  token: string | null,
): Promise<unknown> {
  const holder = window as unknown as Record<string, EarlyList | undefined>;
  const early = holder[EARLY_LIST_KEY];
  if (!early) return null;
  delete holder[EARLY_LIST_KEY];
  if (early.url !== deviceListUrl(accountId) || early.token !== token) return null;
  const response = await early.response;
  if (!response?.ok) return null;
  try {
    return ((await response.json()) as { data?: unknown }).data ?? null;
  } catch {
    return null;
  }
}
