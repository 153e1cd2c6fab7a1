import type { Config } from '../config';
import type { ListenerPorts } from './listeners';

/** A configuration variable of a device port (README, "Configuration"). */
export type PortSetting = {
  [K in keyof Config]-?: K extends `${string}_PORT` ? K : never;
}[keyof Config];

/** Each device listener (ingest/listeners.ts) with the variable that sets its port. */
export const LISTENER_SETTINGS = {
  osmand: 'OSMAND_PORT',
  gt06: 'GT06_PORT',
  teltonika: 'TELTONIKA_PORT',
  h02: 'H02_PORT',
  gps103: 'GPS103_PORT',
  watch: 'WATCH_PORT',
  queclink: 'QUECLINK_PORT',
  meitrack: 'MEITRACK_PORT',
  jt808: 'JT808_PORT',
  wialon: 'WIALON_PORT',
  suntech: 'SUNTECH_PORT',
  istartek: 'ISTARTEK_PORT',
  ruptela: 'RUPTELA_PORT',
  topflytech: 'TOPFLYTECH_PORT',
  navtelecom: 'NAVTELECOM_PORT',
  galileosky: 'GALILEOSKY_PORT',
  jt600: 'JT600_PORT',
  // UDP on the port number of the family's TCP listener (main.ts).
  teltonikaUdp: 'TELTONIKA_PORT',
  wialonUdp: 'WIALON_PORT',
} as const satisfies Record<keyof ListenerPorts, PortSetting>;

export type ListenerName = keyof typeof LISTENER_SETTINGS;

/**
 * The port devices reach each listener on, for the device setup guide. Until the process has
 * started its listeners it is the configured port, where 0 means none is known to listen;
 * once they run (main.ts calls `listening`), the port each one bound: a configured 0 then
 * picks a free port, which the browser tests' servers use.
 */
export class DevicePorts {
  private bound: Map<ListenerName, number> | undefined;

  constructor(private readonly config: Pick<Config, 'INGEST_ENABLED' | PortSetting>) {}

  /** The port of the listener, or null when it does not listen. */
  portOf(listener: ListenerName): number | null {
    if (!this.config.INGEST_ENABLED) return null;
    if (this.bound) return this.bound.get(listener) ?? null;
    const configured = this.config[LISTENER_SETTINGS[listener]];
    return configured === 0 ? null : configured;
  }

  /** The running listeners by name: their bound ports replace the configured ones. */
  listening(listeners: Partial<Record<ListenerName, { port: number }>>) {
    this.bound = new Map();
    for (const [name, listener] of Object.entries(listeners)) {
      if (listener) this.bound.set(name as ListenerName, listener.port);
    }
  }
}
