import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'waymark-web-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Waymark</title>');
  writeFileSync(join(dist, 'app.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it('serves built files and index.html for the web routes', async () => {
    expect((await t.app.inject({ url: '/app.js' })).body).toBe('console.log(1)');
    const deepLink = await t.app.inject({ url: '/trackers/42?from=group' });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.headers['content-type']).toMatch(/text\/html/);
    expect(deepLink.body).toContain('<title>Waymark</title>');
  });

  it('answers 404 for a file that is not there, not the web page', async () => {
    const image = await t.app.inject({ url: '/images/models/none.png' });
    expect(image.statusCode).toBe(404);
    expect(image.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found' });
  });
});
