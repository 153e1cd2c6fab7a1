import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Bus } from './bus';
import { InProcessBus } from './in-process-bus';
import { NatsBus } from './nats-bus';

/** The bus chosen by config: NATS when `BUS_URL` is set, else this process alone. */
export function createBus(config: Pick<Config, 'bus'>, log: FastifyBaseLogger): Promise<Bus> {
  return config.bus.kind === 'nats'
    ? NatsBus.connect(config.bus.url, config.bus.prefix, log)
    : Promise.resolve(new InProcessBus(log));
}
