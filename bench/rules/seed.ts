import { sql } from 'drizzle-orm';
import type { RuleAction, RuleCondition } from '@waymark/domain';
import { queryRows, type Db } from '../../apps/server/src/db/client';
import {
  accountMemberships,
  accounts,
  models,
  rules,
  timezones,
  users,
} from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';

/** Trackers go 100 to a column of longitude (bench/shipments' grid and serials). */
const PER_COLUMN = 100;
/** A marker in the descriptions of the notification events (the pipeline makes others). */
export const NOTIFICATION_MARK = 'Bench depot';
/** Domain of the notifications' recipients (the rules' e-mails go to another). */
export const NOTIFICATION_DOMAIN = 'alerts.bench.test';

/**
 * One account with an admin and `trackers` trackers (serials and starts of bench/shipments'
 * fleet, so its Fleet drives them), and a geofence for every tenth rule on a column's road,
 * 1 km across, that the column's trackers enter and leave while the bench runs.
 */
export async function seedRulesBench(db: Db, trackers: number, ruleCount: number) {
  const [account] = await db
    .insert(accounts)
    .values({ title: 'Rules bench', is_b2b_account: true })
    .returning();
  const [user] = await db
    .insert(users)
    .values({
      name: 'Rules bench',
      email: 'rules-bench@waymark.local',
      password_hash: await hashPassword('rules bench password'),
    })
    .returning();
  if (!account || !user) throw new Error('bench account not created');
  await db.insert(accountMemberships).values({
    account_id: account.id,
    user_id: user.id,
    role: 'admin',
    full_device_access: true,
  });
  const [model] = await db
    .insert(models)
    .values({ title: 'Bench GT06', device_type: 'bench-rules-gt06', protocol: 'gt06' })
    .returning();
  const devices = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO devices (account_id, model_id, name, serial)
        SELECT ${account.id}, ${model!.id}, 'Truck ' || lpad(n::text, 5, '0'),
               '77' || lpad(n::text, 13, '0')
        FROM generate_series(0, ${trackers - 1}::int) n
        RETURNING id`,
  );
  const deviceIds = devices.map((d) => d.id).sort((a, b) => a - b);
  const columns = Math.max(1, Math.ceil(trackers / PER_COLUMN));
  const fenceCount = Math.max(1, Math.ceil(ruleCount / 10));
  const fences = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO geofences (account_id, name, lat, lng, radius)
        SELECT ${account.id}, 'Yard ' || k, ${sql.raw('34.3 + (k * 0.013) % 0.05')},
               ${sql.raw(`-104 + (k % ${columns}) * 0.2`)}, 1
        FROM generate_series(0, ${fenceCount - 1}::int) k
        RETURNING id`,
  );
  const fenceIds = fences.map((f) => f.id).sort((a, b) => a - b);
  const [zone] = await db.select().from(timezones).limit(1);
  if (!zone) throw new Error('no time zones seeded');
  const values = Array.from({ length: ruleCount }, (_, r) =>
    ruleOf(r, deviceIds, fenceIds, zone.id),
  ).map((v) => ({
    account_id: account.id,
    user_id: user.id,
    throttle_enabled: true,
    throttle_hours: 24,
    timezone: 'UTC',
    ...v,
  }));
  for (let i = 0; i < values.length; i += 500) {
    await db.insert(rules).values(values.slice(i, i + 500));
  }
  return { accountId: account.id, userId: user.id, deviceIds, fenceIds };
}

/** The webhook receiver's address, filled in before the rules are seeded. */
export const webhook = { url: 'http://127.0.0.1:9/hook' };

/**
 * Rule r of a mix like a real account's: most wait for something rare (an event type, a
 * tamper alarm, another name), some for a geofence of theirs, a sixth for a few trackers'
 * positions; all throttled to a firing a day, acting by e-mail, webhook or text message.
 */
function ruleOf(
  r: number,
  deviceIds: number[],
  fenceIds: number[],
  timezoneId: number,
): { name: string; conditions: RuleCondition[]; actions: RuleAction[] } {
  const fence = fenceIds[r % fenceIds.length]!;
  const some = (n: number) =>
    Array.from({ length: n }, (_, k) => deviceIds[(r * 7919 + k * 104_729) % deviceIds.length]!);
  const email: RuleAction = {
    type: 'send_email',
    operator: 'and',
    data: {
      email_addresses: [`ops-${r % 50}@rules.bench.test`],
      subject: '{{name}}: rule ' + r,
      body: '{{name}} at {{time}}, {{address}}. {{map}}',
      timezone_id: timezoneId,
    },
  };
  const hook: RuleAction = { type: 'send_webhook', operator: 'and', data: { url: webhook.url } };
  const text: RuleAction = {
    type: 'send_text_message',
    operator: 'and',
    data: {
      phone_number: '+15550100' + String(r % 100).padStart(2, '0'),
      message: '{{name}} at {{time}}',
      timezone_id: timezoneId,
    },
  };
  const and = 'and' as const;
  const or = 'or' as const;
  switch (r % 6) {
    case 0:
      return {
        name: `Watched trackers ${r}`,
        conditions: [
          { type: 'tracker_list', operator: and, data: { values: some(5) } },
          { type: 'message_content', operator: and, data: { value: 'position' } },
        ],
        actions: [email],
      };
    case 1:
      return {
        name: `Arrivals at yard ${fence}`,
        conditions: [
          { type: 'geofence', operator: and, data: { triggers: ['enter'], address: fence } },
          { type: 'tracker_name', operator: and, data: { value: 'truck' } },
        ],
        actions: [hook],
      };
    case 2:
      return {
        name: `Departures from yard ${fence}`,
        conditions: [
          { type: 'geofence', operator: and, data: { triggers: ['exit'], address: fence } },
          { type: 'event_type', operator: or, data: { types: ['tamper-alert'] } },
        ],
        actions: [text],
      };
    case 3:
      return {
        name: `Battery in office hours ${r}`,
        conditions: [
          { type: 'event_type', operator: and, data: { types: ['low-battery', 'sla-breach'] } },
          { type: 'event_time', operator: and, data: { time_from: '08:00', time_to: '18:00' } },
        ],
        actions: [email, hook],
      };
    case 4:
      return {
        name: `Trailers ${r}`,
        conditions: [
          { type: 'tracker_name', operator: and, data: { value: `Trailer ${r}` } },
          { type: 'message_content', operator: and, data: { value: 'position' } },
        ],
        actions: [hook],
      };
    default:
      return {
        name: `Tamper at night ${r}`,
        conditions: [
          { type: 'message_content', operator: and, data: { value: 'alarms.disassemble' } },
          { type: 'tracker_list', operator: and, data: { values: some(20) } },
          { type: 'event_time', operator: and, data: { time_from: '20:00', time_to: '06:00' } },
        ],
        actions: [email, text],
      };
  }
}

/**
 * `count` device events of the account's trackers (geofence enters of a depot) and one queued
 * e-mail delivery of each, as the alert fan-out stores them; answers the deliveries' ids.
 */
export async function seedNotifications(db: Db, accountId: number, userId: number, count: number) {
  await db.execute(sql`
    WITH d AS (SELECT id, name, (row_number() OVER (ORDER BY id) - 1)::int AS k
               FROM devices WHERE account_id = ${accountId})
    INSERT INTO device_events (account_id, device_id, event_type, description, lat, lng, created_at)
    SELECT ${accountId}, d.id, 'geofence-enter', d.name || ' entered ' || ${NOTIFICATION_MARK},
           41.88, -87.63, now() - n * interval '1 second'
    FROM generate_series(0, ${count - 1}::int) n
    JOIN d ON d.k = n % (SELECT count(*) FROM d)`);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO alert_deliveries (event_id, account_id, device_id, user_id, channel,
          recipient, status, queued_at)
        SELECT e.id, e.account_id, e.device_id, ${userId}, 'email',
               'dispatch-' || (e.id % 50) || '@' || ${NOTIFICATION_DOMAIN}, 'queued', now()
        FROM device_events e
        WHERE e.account_id = ${accountId} AND e.description LIKE ${'%' + NOTIFICATION_MARK}
        RETURNING id::int AS id`,
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
