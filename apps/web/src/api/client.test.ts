import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureClient, NO_DATA_MESSAGE, request, requestList } from './client';

interface Call {
  url: string;
  init: RequestInit;
}

function setUp(
  respond: (call: Call) => Response | Promise<Response>,
  token: string | null = 'tok',
) {
  const calls: Call[] = [];
  const hooks = {
    onUnauthorized: vi.fn(),
    onForbidden: vi.fn(),
    onNotFound: vi.fn(),
    onServerError: vi.fn(),
  };
  const fakeFetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    return Promise.resolve(respond(call));
  };
  configureClient({
    hooks,
    bearer: () => token,
    fetch: fakeFetch as typeof fetch,
    timeZone: () => 'Europe/Paris',
    timeoutMs: 1_000,
  });
  return { calls, hooks };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('request', () => {
  it('sends the bearer token, the time zone and a JSON body, and unwraps data', async () => {
    const { calls } = setUp(() => json(200, { data: { id: 3 } }));
    const data = await request<{ id: number }>('/users/3', { method: 'PUT', body: { name: 'A' } });
    expect(data).toEqual({ id: 3 });
    const [call] = calls;
    expect(call?.url).toBe('/api/users/3');
    const headers = call?.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['x-timezone']).toBe('Europe/Paris');
    expect(call?.init.body).toBe('{"name":"A"}');
  });

  it('sends FormData as it is, leaving the multipart type to the browser', async () => {
    const { calls } = setUp(() => json(200, { data: { id: 9 } }));
    const form = new FormData();
    form.append('image', new Blob(['x'], { type: 'image/png' }), 'dock.png');
    await request('/accounts/1/anchors/2/images', { method: 'POST', body: form });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(calls[0]?.init.body).toBe(form);
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('drops empty query values and keeps the rest', async () => {
    const { calls } = setUp(() => json(200, { data: [], meta: { total: 0 } }));
    const list = await requestList('/accounts/1/users', { query: { page: 2, query: '' } });
    expect(calls[0]?.url).toBe('/api/accounts/1/users?page=2');
    expect(list.meta).toEqual({ total: 0 });
  });

  it('throws when a successful body has no data object', async () => {
    setUp(() => json(200, { token: 'x' }));
    await expect(request('/me')).rejects.toThrow(NO_DATA_MESSAGE);
  });

  it('accepts 204 without a body', async () => {
    setUp(() => new Response(null, { status: 204 }));
    await expect(request('/token', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('carries status, message and field errors of a 422', async () => {
    const { hooks } = setUp(() =>
      json(422, { message: 'Invalid', errors: { email: ['not an email'] } }),
    );
    const error = await request('/users/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).fieldError('email')).toBe('not an email');
    expect(Object.values(hooks).every((hook) => hook.mock.calls.length === 0)).toBe(true);
  });

  it('maps 401 with a token to logout, and leaves 401 without one to the caller', async () => {
    const withToken = setUp(() => json(401, { message: 'Unauthenticated.' }));
    await expect(request('/me')).rejects.toMatchObject({ status: 401 });
    expect(withToken.hooks.onUnauthorized).toHaveBeenCalledOnce();

    const login = setUp(
      () => json(401, { message: 'These credentials do not match our records.' }),
      null,
    );
    await expect(request('/token', { method: 'POST' })).rejects.toThrow(
      'These credentials do not match our records.',
    );
    expect(login.hooks.onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends 403 and 404 to their pages unless the caller opts out', async () => {
    const forbidden = setUp(() => json(403, { message: 'Forbidden' }));
    await request('/accounts/2').catch(() => undefined);
    expect(forbidden.hooks.onForbidden).toHaveBeenCalledOnce();

    const missing = setUp(() => json(404, { message: 'Not found' }));
    await request('/geofences/nearest', { notFoundPage: false }).catch(() => undefined);
    expect(missing.hooks.onNotFound).not.toHaveBeenCalled();
    await request('/geofences/9').catch(() => undefined);
    expect(missing.hooks.onNotFound).toHaveBeenCalledOnce();
  });

  it('shows the server-error toast on 500 but not when global errors are off', async () => {
    const { hooks } = setUp(() => json(500, { message: 'boom' }));
    await request('/me').catch(() => undefined);
    expect(hooks.onServerError).toHaveBeenCalledOnce();
    await request('/me', { globalErrors: false }).catch(() => undefined);
    expect(hooks.onServerError).toHaveBeenCalledOnce();
  });

  it('ignores a 499 answer', async () => {
    const { hooks } = setUp(() => json(499, {}));
    await expect(request('/me')).rejects.toMatchObject({ status: 499, aborted: true });
    expect(Object.values(hooks).every((hook) => hook.mock.calls.length === 0)).toBe(true);
  });

  it('uses a generic message when the error body has none', async () => {
    setUp(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(request('/me', { globalErrors: false })).rejects.toThrow(
      'Request failed with status code 502',
    );
  });
});

describe('request cancellation and time-out', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const hangingFetch = (_url: RequestInfo | URL, init: RequestInit = {}) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () =>
        reject(new DOMException('aborted', 'AbortError')),
      );
    });

  function setUpHanging() {
    const hooks = {
      onUnauthorized: vi.fn(),
      onForbidden: vi.fn(),
      onNotFound: vi.fn(),
      onServerError: vi.fn(),
    };
    configureClient({
      hooks,
      bearer: () => 't',
      fetch: hangingFetch as typeof fetch,
      timeoutMs: 1_000,
    });
    return hooks;
  }

  it('reports a request the caller cancelled as 499, silently', async () => {
    const hooks = setUpHanging();
    const controller = new AbortController();
    const pending = request('/me', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ status: 499 });
    expect(hooks.onServerError).not.toHaveBeenCalled();
  });

  it('gives up after the time-out', async () => {
    setUpHanging();
    let settled = false;
    const pending = request('/me')
      .catch((e: unknown) => e)
      .finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error.status).toBe(0);
    expect(error.message).toBe('Request timed out');
  });
});
