import type { FastifyBaseLogger } from 'fastify';
import { ALERT_MAX_AGE_MINUTES } from '@waymark/domain';
import type { AppContext } from '../../app-context';

/**
 * Every device event created (the pipeline, the shipment clock) is fanned out to its recipients
 * by an `alert-fanout` job, queued as it is heard. Old history replayed is left out here (the
 * fan-out would list it as too old anyway), so loading a fleet's past queues nothing.
 */
export function listenForAlerts(ctx: Pick<AppContext, 'bus' | 'jobs'>, log: FastifyBaseLogger) {
  // The events this process created: each is fanned out once, by the process that made it.
  return ctx.bus.subscribe(
    'device-events.created',
    ({ events }) => {
      const oldest = Date.now() - ALERT_MAX_AGE_MINUTES * 60_000;
      const ids = events
        .filter((e) => Date.parse(e.event.created_at) >= oldest)
        .map((e) => e.event.id);
      if (ids.length === 0) return;
      ctx.jobs.enqueue('alert-fanout', { event_ids: ids }).catch((error: unknown) => {
        // The sweep queues it within a minute or two.
        log.error({ err: error }, 'alert fan-out not queued');
      });
    },
    { from: 'this-process' },
  );
}
