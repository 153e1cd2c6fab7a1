import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceListUrl, EARLY_LIST_KEY, takeEarlyDeviceList } from './earlyDeviceList';

const holder = window as unknown as Record<string, unknown>;

function startEarly(url: string, token: string, response: Response | null) {
  holder[EARLY_LIST_KEY] = { url, token, response: Promise.resolve(response) };
}

const ok = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200 });

afterEach(() => {
  delete holder[EARLY_LIST_KEY];
});

describe('takeEarlyDeviceList', () => {
  it('hands over the early list once, for the same account and token', async () => {
    startEarly(deviceListUrl(7), 'secret', ok({ fields: ['id'], rows: [[1]] }));
    expect(await takeEarlyDeviceList(7, 'secret')).toEqual({ fields: ['id'], rows: [[1]] });
    expect(await takeEarlyDeviceList(7, 'secret')).toBeNull();
  });

  it('drops a list asked for another account or with another token', async () => {
    startEarly(deviceListUrl(7), 'secret', ok({ rows: [] }));
    expect(await takeEarlyDeviceList(8, 'secret')).toBeNull();
    startEarly(deviceListUrl(7), 'old', ok({ rows: [] }));
    expect(await takeEarlyDeviceList(7, 'secret')).toBeNull();
    expect(holder[EARLY_LIST_KEY]).toBeUndefined();
  });

  it('leaves failures to the app: an expired session, an error, no answer', async () => {
    startEarly(deviceListUrl(7), 'secret', new Response('{"message":"no"}', { status: 401 }));
    expect(await takeEarlyDeviceList(7, 'secret')).toBeNull();
    startEarly(deviceListUrl(7), 'secret', new Response('not json', { status: 200 }));
    expect(await takeEarlyDeviceList(7, 'secret')).toBeNull();
    startEarly(deviceListUrl(7), 'secret', null);
    expect(await takeEarlyDeviceList(7, 'secret')).toBeNull();
  });

  it("is started by index.html's script on /trackers with the stored session", async () => {
    const html = readFileSync(join(__dirname, '../../index.html'), 'utf8');
    // The page's inline scripts: the one that starts the list.
    const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
      .map(([, body]) => body!)
      .find((body) => body.includes('__waymarkEarlyList'))!;
    const asked: { url: string; headers: Record<string, string> }[] = [];
    const fetchStub = vi.fn((url: string, init: RequestInit) => {
      asked.push({ url, headers: init.headers as Record<string, string> });
      return Promise.resolve(ok({ rows: [] }));
    });
    vi.stubGlobal('fetch', fetchStub);
    localStorage.setItem('waymark.token', 'secret');
    localStorage.setItem('waymark.account', '12');
    try {
      window.history.replaceState(null, '', '/trackers?search=van');
      new Function(script)();
      expect(asked).toEqual([
        {
          url: deviceListUrl(12),
          headers: expect.objectContaining({ Authorization: 'Bearer secret' }) as unknown,
        },
      ]);
      expect(await takeEarlyDeviceList(12, 'secret')).toEqual({ rows: [] });
      // Not on other screens, nor on a start-up link that changes the session.
      for (const path of ['/groups', '/trackers/5', '/trackers?token=abc']) {
        window.history.replaceState(null, '', path);
        new Function(script)();
      }
      expect(asked).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
      localStorage.clear();
      window.history.replaceState(null, '', '/');
    }
  });
});
