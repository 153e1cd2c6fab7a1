import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('defaults to the embedded database under ./data', () => {
    const config = parseConfig({});
    expect(config.database).toEqual({ kind: 'pglite', dataDir: './data/pglite' });
    expect(config.PORT).toBe(8080);
    expect(config.SEED_DEMO).toBe(true);
  });

  it('uses PostgreSQL for a postgres:// URL', () => {
    const config = parseConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(config.database.kind).toBe('postgres');
  });

  it('names the variable and the allowed values on a bad value', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty": must be a port number/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL="mysql:\/\/x"/);
    expect(() => parseConfig({ SEED_DEMO: 'maybe' })).toThrow(
      /SEED_DEMO="maybe": must be true or false/,
    );
  });
});
