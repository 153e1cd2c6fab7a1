import cluster, { type Worker } from 'node:cluster';
import type { ProcessRole } from '../config';
import { processesOf, type ClusterPlan } from './cluster-plan';
import { isStartedMessage, type StartedMessage } from './started-message';

export interface SupervisorLog {
  info(message: string): void;
  error(message: string): void;
}

/** Exit code of a process that refused to start (a configuration to fix): not restarted. */
const START_REFUSED = 2;
const FIRST_RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 30_000;
/** A process that served this long before it died is restarted at once again next time. */
const HEALTHY_AFTER_MS = 60_000;

/** Stopped in this order: devices first (they resend what was not acknowledged), then the API, then the workers that store. */
const STOP_ORDER: ProcessRole[] = ['ingest', 'api', 'worker'];

interface Slot {
  role: ProcessRole;
  worker: Worker;
  startedAt?: number;
  restartDelayMs: number;
  /** Forked in place of one that died. */
  replacing?: boolean;
}

/**
 * The primary of `npm run cluster`: forks one process per role and count of the plan (each
 * runs `main.ts` with that role; the cluster module shares the HTTP port among the api
 * processes and each device port among the ingest processes), starts again a process that
 * dies (after 1 s, doubling to 30 s while it keeps dying early), and stops the set in order.
 * Resolves with the processes' start-up messages once every one serves.
 */
export function superviseCluster(plan: ClusterPlan, log: SupervisorLog) {
  const slots: Slot[] = [];
  let stopping = false;
  let resolveStarted: (messages: StartedMessage[]) => void;
  let rejectStarted: (error: Error) => void;
  const started = new Promise<StartedMessage[]>((resolve, reject) => {
    resolveStarted = resolve;
    rejectStarted = reject;
  });
  const messages = new Map<Slot, StartedMessage>();

  const fork = (slot: Omit<Slot, 'worker'>): Slot => {
    const worker = cluster.fork({ ROLES: slot.role });
    const live: Slot = { ...slot, worker };
    worker.on('message', (message: unknown) => {
      if (!isStartedMessage(message)) return;
      live.startedAt = Date.now();
      messages.set(live, message);
      if (live.replacing) log.info(`${live.role} process ${worker.process.pid} serving again`);
      if (messages.size === slots.length) resolveStarted([...messages.values()]);
    });
    worker.on('exit', (code, signal) => onExit(live, code, signal));
    return live;
  };

  const onExit = (slot: Slot, code: number | null, signal: string | null) => {
    if (stopping) return;
    const how = signal ? `on ${signal}` : `with code ${code}`;
    if (code === START_REFUSED && slot.startedAt === undefined) {
      rejectStarted(new Error(`the ${slot.role} process refused to start (see above)`));
      return;
    }
    const servedLong =
      slot.startedAt !== undefined && Date.now() - slot.startedAt > HEALTHY_AFTER_MS;
    const delay = servedLong ? FIRST_RESTART_DELAY_MS : slot.restartDelayMs;
    log.error(
      `${slot.role} process ${slot.worker.process.pid} exited ${how}; starting another in ${delay / 1000} s`,
    );
    setTimeout(() => {
      if (stopping) return;
      const index = slots.indexOf(slot);
      if (index < 0) return;
      messages.delete(slot);
      slots[index] = fork({
        role: slot.role,
        restartDelayMs: Math.min(delay * 2, MAX_RESTART_DELAY_MS),
        replacing: true,
      });
    }, delay).unref();
  };

  for (const role of processesOf(plan))
    slots.push(fork({ role, restartDelayMs: FIRST_RESTART_DELAY_MS }));

  return {
    started,
    /** The live processes, by role, for the start-up message and the tests. */
    processes: () => slots.map(({ role, worker }) => ({ role, pid: worker.process.pid! })),
    /** SIGTERM to each role in STOP_ORDER, waiting for its processes to finish before the next. */
    async stop() {
      stopping = true;
      for (const role of STOP_ORDER) {
        const exits = slots
          .filter((slot) => slot.role === role && !slot.worker.isDead())
          .map(
            ({ worker }) =>
              new Promise<void>((resolve) => {
                worker.once('exit', () => resolve());
                worker.process.kill('SIGTERM');
              }),
          );
        await Promise.all(exits);
      }
    },
  };
}
