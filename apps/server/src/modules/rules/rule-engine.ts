import type { FastifyBaseLogger } from 'fastify';
import {
  advanceEpisode,
  describeTrigger,
  hasEpisodes,
  ruleFires,
  RuleIndex,
  type RuleFired,
  type RuleTrigger,
} from '@waymark/domain';
import type { Database } from '../../db/client';
import type { Bus } from '../../events/bus';
import type { JobPayloads } from '../../jobs/job-catalogue';
import type { JobQueue } from '../../jobs/job-queue';
import type { DomainEvents } from '../../events/catalogue';
import { EpisodeMemory } from './rule-episodes';
import {
  deviceNames,
  enabledRuleRows,
  lastHeard,
  recordFirings,
  type FiringInsert,
  type RuleRow,
} from './rules.queries';

/** What the rules step needs (not AppContext, which holds the step: no import cycle). */
interface Ctx {
  database: Database;
  bus: Bus;
  jobs: JobQueue<JobPayloads>;
}
interface Arrival {
  accountId: number;
  trigger: Omit<RuleTrigger, 'device'> & { device: { id: number } };
}

/**
 * The rules step of the position path: it follows committed positions and device events and
 * fires each enabled rule whose conditions hold (and/or, throttle: the pure rules of
 * @waymark/domain), writes the firing and its action runs in one transaction, then queues
 * each action as a `rule-action` job. Enabled rules are held by account in memory, read again
 * on `rule.changed`; it follows the bus only while some rule is enabled, so an account without
 * rules costs the pipeline nothing. Triggers are handled a round at a time, in order.
 * A rule with an episode condition (speeding, idling, ...) fires once per episode and tracker
 * (EpisodeMemory); `checkSilence`, run by the `rules-silence` job, asks the rules that wait
 * for a silent tracker.
 */
export class RuleEngine {
  private byAccount = new Map<number, RuleIndex<RuleRow>>();
  /** The newest firing of each rule as this process knows it (the throttle's memory). */
  private readonly lastFired = new Map<number, number>();
  private readonly episodes = new EpisodeMemory();
  /** Rules that fire once per episode. */
  private episodic = new Set<number>();
  /** Accounts with a rule that waits for a silent tracker. */
  private silenceAccounts: number[] = [];
  private readonly names = new Map<number, string>();
  /** Each tracker's newest address, for its events (which carry none). */
  private readonly addresses = new Map<number, string | null>();
  private readonly waiting: Arrival[] = [];
  private running: Promise<void> | undefined;
  private loading: Promise<void> = Promise.resolve();
  private following: (() => void)[] = [];
  private readonly subscriptions: (() => void)[] = [];

  constructor(
    private readonly ctx: Ctx,
    private readonly log: FastifyBaseLogger,
  ) {}

  start() {
    const { bus } = this.ctx;
    this.subscriptions.push(
      bus.subscribe('rule.changed', () => void this.reload()),
      bus.subscribe('device.changed', ({ device_id }) => {
        this.names.delete(device_id);
      }),
    );
    void this.reload();
  }

  async stop() {
    for (const unsubscribe of this.subscriptions.splice(0)) unsubscribe();
    this.follow(false);
    await this.settled();
  }

  /** True while it follows the bus (some rule is enabled). */
  get active() {
    return this.following.length > 0;
  }

  /** Resolves when the rules are read and the triggers received so far are handled (tests). */
  async settled() {
    await this.loading;
    while (this.running) await this.running;
  }

  /** Reads every enabled rule again (after any change: they are few and small). */
  reload(): Promise<void> {
    this.loading = this.loading
      .then(async () => {
        const rows = await enabledRuleRows(this.ctx.database.db);
        const rulesOf = new Map<number, RuleRow[]>();
        for (const row of rows) {
          rulesOf.set(row.account_id, [...(rulesOf.get(row.account_id) ?? []), row]);
          const known = this.lastFired.get(row.id) ?? 0;
          if (row.last_fired_at) this.lastFired.set(row.id, Math.max(known, +row.last_fired_at));
        }
        const byAccount = new Map<number, RuleIndex<RuleRow>>();
        for (const [accountId, rules] of rulesOf) byAccount.set(accountId, new RuleIndex(rules));
        const episodic = rows.filter((row) => hasEpisodes(row.conditions));
        await this.episodes.adopt(this.ctx.database.db, episodic);
        this.episodic = new Set(episodic.map((row) => row.id));
        this.silenceAccounts = [
          ...new Set(
            episodic
              .filter((row) => row.conditions.some((c) => c.type === 'no_report'))
              .map((row) => row.account_id),
          ),
        ];
        this.byAccount = byAccount;
        this.follow(byAccount.size > 0);
      })
      .catch((err: unknown) => this.log.error({ err }, 'rules not read'));
    return this.loading;
  }

  private follow(wanted: boolean) {
    if (wanted && this.following.length === 0) {
      this.following = [
        // Only the accounts with enabled rules, before anything is built for a position.
        // This process's commits only: each worker fires the rules of the devices it holds.
        this.ctx.bus.subscribe(
          'positions.committed',
          ({ positions }) => this.receive(positions.filter(this.hasRules).map(fromPosition)),
          { from: 'this-process' },
        ),
        this.ctx.bus.subscribe(
          'device-events.created',
          ({ events }) => this.receive(events.filter(this.hasRules).map(fromEvent)),
          { from: 'this-process' },
        ),
      ];
    } else if (!wanted) {
      for (const unsubscribe of this.following.splice(0)) unsubscribe();
    }
  }

  /**
   * The silence check (the `rules-silence` job, every few minutes): each tracker of the
   * accounts with a no_report rule, with how long it has been silent at `now`, goes through
   * the rules like a position does. Resolves when they are handled.
   */
  async checkSilence(now = new Date()) {
    await this.loading;
    if (this.silenceAccounts.length === 0) return;
    const heard = await lastHeard(this.ctx.database.db, this.silenceAccounts);
    await this.receive(
      heard.map((row) => ({
        accountId: row.account_id,
        trigger: {
          kind: 'silence' as const,
          at: now.getTime(),
          device: { id: row.device_id },
          lat: row.lat,
          lng: row.lng,
          address: row.address,
          silentMs: now.getTime() - row.received_at.getTime(),
        },
      })),
    );
  }

  private readonly hasRules = ({ account_id }: { account_id: number }) =>
    this.byAccount.has(account_id);

  private receive(arrivals: Arrival[]): Promise<void> {
    if (arrivals.length === 0) return this.running ?? Promise.resolve();
    this.waiting.push(...arrivals);
    this.running ??= this.drain().finally(() => (this.running = undefined));
    return this.running;
  }

  private async drain() {
    while (this.waiting.length > 0) {
      // A rule saved just before these triggers is in memory first.
      await this.loading;
      try {
        await this.evaluate(this.waiting.splice(0));
      } catch (err) {
        this.log.error({ err }, 'rules round failed');
      }
    }
  }

  /**
   * One round: each trigger through its account's rules, then one write, the jobs, and the
   * news for the toasts of the rules' authors.
   */
  private async evaluate(arrivals: Arrival[]) {
    await this.learnNames(arrivals.map((a) => a.trigger.device.id));
    const firings: FiringInsert[] = [];
    const fired = new Map<number, RuleFired[]>();
    for (const { accountId, trigger: partial } of arrivals) {
      const name = this.names.get(partial.device.id);
      if (name === undefined) continue; // deleted meanwhile
      const id = partial.device.id;
      if (partial.kind === 'position') this.addresses.set(id, partial.address);
      const trigger: RuleTrigger = {
        ...partial,
        device: { id, name },
        address: partial.address ?? this.addresses.get(id) ?? null,
      };
      for (const rule of this.byAccount.get(accountId)?.candidates(trigger) ?? []) {
        if (!this.fires(rule, trigger)) continue;
        this.lastFired.set(rule.id, trigger.at);
        const description = describeTrigger(trigger);
        firings.push({
          rule_id: rule.id,
          device_id: trigger.device.id,
          fired_at: new Date(trigger.at),
          description,
          trigger,
          actions: rule.actions,
        });
        if (rule.user_id === null) continue;
        const news = fired.get(accountId) ?? [];
        fired.set(accountId, news);
        news.push({
          rule_id: rule.id,
          rule_name: rule.name,
          user_id: rule.user_id,
          device_id: trigger.device.id,
          device: trigger.device,
          fired_at: new Date(trigger.at).toISOString(),
          trigger: description,
        });
      }
    }
    const episodes = this.episodes.takeChanges();
    if (firings.length === 0 && episodes.length === 0) return;
    const runIds = await recordFirings(this.ctx.database.db, firings, episodes);
    for (const run_id of runIds) await this.ctx.jobs.enqueue('rule-action', { run_id });
    for (const [account_id, list] of fired) {
      this.ctx.bus.publish('rules.fired', { account_id, firings: list });
    }
  }

  /** Whether the rule fires now: at each trigger that matches, or once per episode. */
  private fires(rule: RuleRow, trigger: RuleTrigger): boolean {
    const lastFired = this.lastFired.get(rule.id) ?? null;
    if (!this.episodic.has(rule.id)) return ruleFires(rule, trigger, lastFired);
    const step = advanceEpisode(
      rule,
      trigger,
      this.episodes.get(rule.id, trigger.device.id),
      lastFired,
    );
    if (step.changed) this.episodes.set(rule.id, trigger.device.id, step.state);
    return step.fires;
  }

  private async learnNames(ids: number[]) {
    const unknown = [...new Set(ids)].filter((id) => !this.names.has(id));
    if (unknown.length === 0) return;
    for (const { id, name } of await deviceNames(this.ctx.database.db, unknown)) {
      this.names.set(id, name);
    }
  }
}

type Committed = DomainEvents['positions.committed']['positions'][number];
type Created = DomainEvents['device-events.created']['events'][number];

function fromPosition(p: Committed): Arrival {
  return {
    accountId: p.account_id,
    trigger: {
      kind: 'position',
      at: p.time,
      device: { id: p.device_id },
      lat: p.lat,
      lng: p.lng,
      address: p.address,
      ...(p.reading ? { reading: p.reading } : {}),
    },
  };
}

function fromEvent({ account_id, event: e, geofence_id }: Created): Arrival {
  return {
    accountId: account_id,
    trigger: {
      kind: 'event',
      at: Date.parse(e.created_at),
      device: { id: e.device_id },
      lat: e.lat,
      lng: e.lng,
      address: null,
      event: { type: e.event_type, description: e.description, geofenceId: geofence_id ?? null },
    },
  };
}
