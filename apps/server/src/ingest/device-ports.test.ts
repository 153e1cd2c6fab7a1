import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { DevicePorts } from './device-ports';

describe('DevicePorts', () => {
  it('answers the configured port, and none for a port of 0, until the listeners run', () => {
    const ports = new DevicePorts(parseConfig({ GT06_PORT: '0' }));
    expect(ports.portOf('h02')).toBe(5013);
    expect(ports.portOf('teltonikaUdp')).toBe(5027);
    expect(ports.portOf('gt06')).toBeNull();
  });

  it('answers the ports the running listeners bound, and none for one not started', () => {
    const ports = new DevicePorts(parseConfig({ GT06_PORT: '0' }));
    ports.listening({ gt06: { port: 40123 }, teltonika: { port: 40124 } });
    expect(ports.portOf('gt06')).toBe(40123);
    expect(ports.portOf('teltonika')).toBe(40124);
    expect(ports.portOf('h02')).toBeNull();
  });

  it('answers none at all while ingest is off', () => {
    const ports = new DevicePorts(parseConfig({ INGEST_ENABLED: 'false' }));
    expect(ports.portOf('gt06')).toBeNull();
  });
});
