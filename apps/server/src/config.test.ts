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

  it('takes a host name or an IP address as DEVICE_HOST, and refuses a URL', () => {
    expect(parseConfig({ DEVICE_HOST: 'track.example.com' }).DEVICE_HOST).toBe('track.example.com');
    expect(parseConfig({ DEVICE_HOST: '203.0.113.7' }).DEVICE_HOST).toBe('203.0.113.7');
    expect(parseConfig({ DEVICE_HOST: '2001:db8::1' }).DEVICE_HOST).toBe('2001:db8::1');
    expect(parseConfig({ DEVICE_HOST: '' }).DEVICE_HOST).toBeUndefined();
    expect(() => parseConfig({ DEVICE_HOST: 'https://track.example.com' })).toThrow(
      /DEVICE_HOST="https:\/\/track.example.com": must be a host name or IP address/,
    );
    expect(() => parseConfig({ DEVICE_HOST: 'track.example.com:5023' })).toThrow(/DEVICE_HOST=/);
    expect(() => parseConfig({ DEVICE_HOST: 'abc.de:5023' })).toThrow(/DEVICE_HOST=/);
  });
});

describe('roles', () => {
  const shared = {
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    BUS_URL: 'nats://127.0.0.1:4222',
  };

  it('runs every role in one process by default', () => {
    expect([...parseConfig({}).ROLES]).toEqual(['api', 'ingest', 'worker']);
  });

  it('takes a comma list from ROLES, and the command line over it', () => {
    expect([...parseConfig({ ...shared, ROLES: 'api' }).ROLES]).toEqual(['api']);
    expect([...parseConfig({ ...shared, ROLES: 'api' }, 'ingest, worker').ROLES]).toEqual([
      'ingest',
      'worker',
    ]);
  });

  it('names the allowed roles on an unknown one', () => {
    expect(() => parseConfig({ ROLES: 'api,web' })).toThrow(
      /ROLES="api,web": must be a comma list of api, ingest, worker/,
    );
    expect(() => parseConfig({}, 'cron')).toThrow(/--role="cron": must be a comma list/);
  });

  it('refuses a split role without a shared database and bus', () => {
    expect(() => parseConfig({ ROLES: 'worker' })).toThrow(
      /ROLES="worker" runs part of Waymark, so the processes must share a database and a bus: set DATABASE_URL \(a postgres:\/\/ URL\) and BUS_URL \(a nats:\/\/ URL\)/,
    );
    expect(() => parseConfig({ DATABASE_URL: shared.DATABASE_URL }, 'api')).toThrow(
      /--role="api" .* set BUS_URL \(a nats:\/\/ URL\), or run all roles in one process/,
    );
  });

  it('runs the ingest role alone, and cuts the position stream as configured', () => {
    const ingest = parseConfig({ ...shared, ROLES: 'ingest' });
    expect([...ingest.ROLES]).toEqual(['ingest']);
    expect(ingest.bus).toMatchObject({ kind: 'nats', partitions: 16, replicas: 1 });
    const cut = parseConfig({ ...shared, STREAM_PARTITIONS: '64', STREAM_REPLICAS: '3' }, 'worker');
    expect(cut.bus).toMatchObject({ partitions: 64, replicas: 3 });
    expect(() => parseConfig({ ...shared, STREAM_PARTITIONS: '0' }, 'worker')).toThrow(
      /STREAM_PARTITIONS="0": must be from 1 to 256/,
    );
  });
});
