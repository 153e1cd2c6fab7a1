import { asc, eq } from 'drizzle-orm';
import type { RuleSaveInput } from '@waymark/domain';
import { ruleSaveSchema } from '@waymark/domain';
import { actorOf } from '../access/actor';
import type { AppContext } from '../app-context';
import { accounts, geofences, timezones, users } from '../db/schema';
import { createRule } from '../modules/rules/rules.service';

/**
 * Demo Logistics' rules, made through the rules service as its manager (so they are checked
 * as any saved rule, and the rules step hears of them): depot arrivals mailed to dispatch
 * (the mail outbox), tamper alarms texted, highway speeding mailed once per episode (throttled),
 * and a night-movement and a silent-tracker webhook left disabled so the demo never calls out.
 */
export async function seedDemoRules(ctx: AppContext) {
  const { db } = ctx.database;
  const [logistics] = await db.select().from(accounts).where(eq(accounts.title, 'Demo Logistics'));
  const [manager] = await db.select().from(users).where(eq(users.email, 'manager@demo.test'));
  const [depot] = await db
    .select({ id: geofences.id })
    .from(geofences)
    .where(eq(geofences.account_id, logistics?.id ?? 0))
    .orderBy(asc(geofences.id))
    .limit(1);
  const [chicago] = await db
    .select({ id: timezones.id })
    .from(timezones)
    .where(eq(timezones.identifier, 'America/Chicago'));
  if (!logistics || !manager || !depot || !chicago) return;
  const actor = await actorOf(db, manager.id, logistics.id);
  for (const rule of demoRules(depot.id, chicago.id)) {
    await createRule(ctx, actor, ruleSaveSchema.parse(rule), 'America/Chicago');
  }
}

export function demoRules(depotId: number, timezoneId: number): RuleSaveInput[] {
  return [
    {
      name: 'Depot arrivals',
      is_enabled: 1,
      throttle_enabled: true,
      throttle_hours: 1,
      conditions: [{ type: 'geofence', data: { triggers: ['enter'], address: depotId } }],
      actions: [
        {
          type: 'send_email',
          data: {
            email_addresses: ['dispatch@demo.test'],
            subject: '{{name}} arrived at the depot',
            body: '{{name}} arrived at {{address}} at {{time}}.\n\nOn the map: {{map}}',
            timezone_id: timezoneId,
          },
        },
      ],
    },
    {
      name: 'Tamper alarm',
      is_enabled: 1,
      conditions: [{ type: 'message_content', data: { value: 'alarms.disassemble' } }],
      actions: [
        {
          type: 'send_text_message',
          data: {
            phone_number: '+1 312 555 0199',
            message: 'Tamper alarm on {{name}} at {{address}}, {{time}}: {{map}}',
            timezone_id: timezoneId,
          },
        },
      ],
    },
    {
      name: 'Reefers moving at night',
      is_enabled: 0,
      conditions: [
        { type: 'tracker_name', data: { value: 'Reefer' } },
        { type: 'event_time', operator: 'and', data: { time_from: '22:00', time_to: '05:00' } },
      ],
      actions: [{ type: 'send_webhook', data: { url: 'https://hooks.example.com/waymark' } }],
    },
    {
      // The simulator's trucks cruise at 55-75 mph on highways: this fires now and then, once
      // per speeding stretch, and the throttle keeps it to one mail (and toast) in six hours.
      name: 'Highway speeding',
      is_enabled: 1,
      throttle_enabled: true,
      throttle_hours: 6,
      conditions: [{ type: 'speeding', data: { speed: 72, unit: 'mph', duration_seconds: 60 } }],
      actions: [
        {
          type: 'send_email',
          data: {
            email_addresses: ['dispatch@demo.test'],
            subject: '{{name}} above 72 mph',
            body: '{{name}} has driven above 72 mph for a minute near {{address}} at {{time}}.\n\n{{map}}',
            timezone_id: timezoneId,
          },
        },
      ],
    },
    {
      // Off: the demo's trackers that the simulator does not drive would each fire once.
      name: 'Silent for a day',
      is_enabled: 0,
      conditions: [{ type: 'no_report', data: { hours: 24 } }],
      actions: [{ type: 'send_webhook', data: { url: 'https://hooks.example.com/waymark' } }],
    },
  ];
}
