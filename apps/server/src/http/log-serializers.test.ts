import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { loggedError, loggedUrl } from './log-serializers';

describe('loggedError', () => {
  it('keeps neither the statement nor its parameters of a failed query, nor the row in its cause', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        code: '23505',
        constraint: 'users_email_unique',
        detail: 'Key (email)=(alice@example.test) already exists.',
      },
    );
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['alice@example.test', 'secret-hash'],
      cause,
    );
    const logged = loggedError(error);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('alice@example.test');
    expect(text).not.toContain('secret-hash');
    expect(text).not.toContain('insert into');
    expect(logged.message).toBe('Failed query (statement and parameters withheld from logs)');
    expect(logged.stack).toMatch(/^\s+at /);
    expect(logged.cause).toMatchObject({
      message: 'duplicate key value violates unique constraint "users_email_unique"',
      code: '23505',
      constraint: 'users_email_unique',
    });
  });

  it('keeps an ordinary error as it is', () => {
    const logged = loggedError(new TypeError('x is not a function'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
    expect(logged.stack).toContain('x is not a function');
  });
});

describe('loggedUrl', () => {
  it('replaces the values of token, password and key parameters only', () => {
    expect(loggedUrl('/api/realtime?token=abc123&channel=positions')).toBe(
      '/api/realtime?token=[redacted]&channel=positions',
    );
    expect(loggedUrl('/api/x?page=2&api_token=zz&password=p')).toBe(
      '/api/x?page=2&api_token=[redacted]&password=[redacted]',
    );
    expect(loggedUrl('/api/devices/7')).toBe('/api/devices/7');
  });
});
