import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONSUMER_HOSTS: 'home.waymark.test, Family.Waymark.test' });
});
afterAll(() => t.close());

describe('platform routes', () => {
  it('reports health with the database kind and version, without a token', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      status: 'ok',
      database: t.ctx.database.kind,
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it('publishes the brand hosts the web app needs before login', async () => {
    const response = await t.app.inject({ url: '/api/config' });
    expect(response.json().data.consumer_hosts).toEqual([
      'home.waymark.test',
      'family.waymark.test',
    ]);
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/token',
        '/api/me',
        '/api/users/{id}',
        '/api/accounts/{id}/user-settings',
      ]),
    );
    expect(
      doc.paths['/api/token'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
  });
});
