import { REQUEST_TIMEOUT_MS, TIMEZONE_HEADER } from '@waymark/domain';

/** Status used for requests the caller cancelled: never shown, never reported (spec 002 §8). */
export const ABORTED_STATUS = 499;
/** Status used when no answer came back at all (network down or time-out). */
export const NETWORK_ERROR_STATUS = 0;
export const NO_DATA_MESSAGE = 'No data object in the response';

/** What every failed call throws, so forms can show the message and the per-field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }

  get aborted(): boolean {
    return this.status === ABORTED_STATUS;
  }

  /** First message for a field, for showing under an input. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

/**
 * The server's message of a failed call, else the fallback (spec 002 §8: "server message,
 * else ..."); for toasts, e.g. the common confirmation's errorMessage.
 */
export const serverMessageOr =
  (fallback: string | null) =>
  (error: unknown): string | null =>
    error instanceof ApiError && error.message ? error.message : fallback;

/** App-wide reactions to failures (spec 002 §8), wired by the app shell at start-up. */
export interface ClientHooks {
  onUnauthorized(): void;
  onForbidden(): void;
  onNotFound(): void;
  onServerError(): void;
}

export interface ClientSetup {
  hooks: ClientHooks;
  bearer: () => string | null;
  fetch?: typeof fetch;
  timeZone?: () => string;
  timeoutMs?: number;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** False leaves every failure to the caller: no redirect and no toast (login, start-up). */
  globalErrors?: boolean;
  /** False skips the 404 page, for look-ups where "nothing there" is a normal answer. */
  notFoundPage?: boolean;
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

let setup: ClientSetup | null = null;

export function configureClient(next: ClientSetup): void {
  setup = next;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `/api${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorFrom(status: number, body: unknown): ApiError {
  const record = (body ?? {}) as { message?: unknown; errors?: unknown };
  const message =
    typeof record.message === 'string' && record.message
      ? record.message
      : `Request failed with status code ${status}`;
  const errors =
    record.errors && typeof record.errors === 'object'
      ? (record.errors as Record<string, string[]>)
      : {};
  return new ApiError(status, message, errors);
}

function react(error: ApiError, options: RequestOptions, hooks: ClientHooks, hadToken: boolean) {
  if (options.globalErrors === false) return;
  // A 401 without a token is a wrong password, not an expired session.
  if (error.status === 401 && hadToken) hooks.onUnauthorized();
  else if (error.status === 403) hooks.onForbidden();
  else if (error.status === 404 && options.notFoundPage !== false) hooks.onNotFound();
  else if (error.status >= 500) hooks.onServerError();
}

/** Sends a request with token, time zone and time-out; failures become ApiErrors (and react). */
async function fetchResponse(
  path: string,
  options: RequestOptions,
  accept: string,
): Promise<Response> {
  if (!setup) throw new Error('configureClient() must run before the first request');
  const { hooks, bearer } = setup;
  const doFetch = setup.fetch ?? globalThis.fetch.bind(globalThis);
  const token = bearer();

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, setup.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);

  const headers: Record<string, string> = {
    Accept: accept,
    [TIMEZONE_HEADER]: (setup.timeZone ?? browserTimeZone)(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  // FormData (file uploads) sets its own multipart type with the boundary.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await doFetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: isForm
        ? (options.body as FormData)
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      credentials: 'include',
      signal: controller.signal,
    });
  } catch {
    if (timedOut) throw new ApiError(NETWORK_ERROR_STATUS, 'Request timed out');
    if (controller.signal.aborted) throw new ApiError(ABORTED_STATUS, 'Request aborted');
    throw new ApiError(NETWORK_ERROR_STATUS, 'Network Error');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  if (!response.ok) {
    const error = errorFrom(response.status, await readJson(response));
    if (!error.aborted) react(error, options, hooks, token !== null);
    throw error;
  }
  return response;
}

async function send(path: string, options: RequestOptions): Promise<{ data: unknown } | null> {
  const response = await fetchResponse(path, options, 'application/json');
  const body = await readJson(response);
  // 204 No Content (logout and similar) has nothing to unwrap.
  if (response.status === 204) return null;
  if (!body || typeof body !== 'object' || !('data' in body)) throw new Error(NO_DATA_MESSAGE);
  return body as { data: unknown };
}

/**
 * The one fetch client: adds the bearer token and the time-zone header, times out after
 * REQUEST_TIMEOUT_MS, unwraps `{ data }` and maps failures as spec 002 §8 says.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const body = await send(path, options);
  return (body?.data ?? undefined) as T;
}

/** Like request() but keeps the `meta` of list responses. */
export async function requestList<T, M>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T[]; meta: M }> {
  const body = await send(path, options);
  const { data, meta } = (body ?? { data: [] }) as { data: T[]; meta: M };
  return { data, meta };
}

/** Like request() but the whole body, for envelopes with more than data and meta (fleet reports' totals). */
export async function requestBody<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await send(path, options)) as T;
}

/**
 * A file answer (CSV exports): same token, time zone, time-out and error mapping as request(),
 * saved by the browser under the server's file name (or `fallbackName`).
 */
export async function downloadFile(
  path: string,
  options: RequestOptions,
  fallbackName: string,
): Promise<void> {
  await downloadFileOrQueued(path, options, fallbackName);
}

/** downloadFile(), answering 'queued' when the server took the file as a job (202). */
export async function downloadFileOrQueued(
  path: string,
  options: RequestOptions,
  fallbackName: string,
): Promise<'saved' | 'queued'> {
  const response = await fetchResponse(path, options, '*/*');
  // 202: the server makes the file as a job and e-mails a link (a big report's PDF).
  if (response.status === 202) return 'queued';
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
  return 'saved';
}
