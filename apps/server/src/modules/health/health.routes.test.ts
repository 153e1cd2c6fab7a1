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

  it('publishes no chat widget and no error reporting unless configured', async () => {
    const { data } = (await t.app.inject({ url: '/api/config' })).json();
    expect(data).toMatchObject({
      help_chat_url: null,
      support_email: 'support@waymark.local',
      sentry_dsn: null,
    });
  });

  it('publishes HELP_CHAT_URL, SUPPORT_EMAIL and SENTRY_DSN when set', async () => {
    const configured = await createTestApp({
      HELP_CHAT_URL: 'https://chat.example.test/widget',
      SUPPORT_EMAIL: 'help@fleet.example.test',
      SENTRY_DSN: 'https://key@errors.example.test/7',
      SENTRY_ENVIRONMENT: 'staging',
    });
    try {
      const { data } = (await configured.app.inject({ url: '/api/config' })).json();
      expect(data).toMatchObject({
        help_chat_url: 'https://chat.example.test/widget',
        support_email: 'help@fleet.example.test',
        sentry_dsn: 'https://key@errors.example.test/7',
        sentry_environment: 'staging',
      });
    } finally {
      await configured.close();
    }
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
