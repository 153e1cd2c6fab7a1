import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  accountFeatures,
  MAX_DEVICE_MESSAGES,
  type DeviceMessage,
  type SendCommand,
} from '@waymark/domain';
import type { AppContext } from '../../app-context';
import type { DomainEvents } from '../../events/catalogue';
import { commands, deviceMessages, devices, models } from '../../db/schema';
import type { Auth } from '../../http/auth';
import { forbidden, invalidField, notFound } from '../../http/errors';
import type { Membership } from '../accounts/accounts.queries';

type MessageRow = typeof deviceMessages.$inferSelect;

export function presentMessage(m: MessageRow): DeviceMessage {
  return {
    id: m.id,
    created_at: m.created_at.toISOString(),
    translation: m.translation,
    message_to_device: m.message_to_device,
    message_from_device: m.message_from_device,
    status: m.status,
    send_via: m.send_via,
  };
}

export async function commandsForDevice(ctx: AppContext, deviceId: number) {
  const [device] = await ctx.database.db
    .select({ model_id: devices.model_id })
    .from(devices)
    .where(eq(devices.id, deviceId));
  if (!device) throw notFound();
  return ctx.database.db
    .select()
    .from(commands)
    .where(eq(commands.model_id, device.model_id))
    .orderBy(asc(commands.title));
}

/**
 * Sends a command: over data to the tracker's open connection in its own protocol (or queued
 * until it connects), or as an SMS to the tracker's phone through the SMS adapter.
 */
export async function sendCommand(
  ctx: AppContext,
  auth: Auth,
  membership: Membership,
  deviceId: number,
  body: SendCommand,
): Promise<DeviceMessage> {
  const { db } = ctx.database;
  const [device] = await db
    .select({
      id: devices.id,
      serial: devices.serial,
      phone: devices.phone,
      model_id: devices.model_id,
      protocol: models.protocol,
    })
    .from(devices)
    .innerJoin(models, eq(models.id, devices.model_id))
    .where(eq(devices.id, deviceId));
  if (!device) throw notFound();
  if (body.id === null && !accountFeatures(membership).customCommandsAvailable) {
    throw forbidden('Custom commands are not available for this account.');
  }
  if (body.id !== null) {
    const [template] = await db
      .select({ id: commands.id })
      .from(commands)
      .where(and(eq(commands.id, body.id), eq(commands.model_id, device.model_id)));
    if (!template) throw invalidField('id', 'Please select a command to send');
  }
  const via = body.send_via.includes('data') && device.protocol !== 'osmand' ? 'data' : 'sms';
  if (via === 'sms' && !device.phone)
    throw invalidField('send_via', 'This tracker has no phone number for SMS');

  const [message] = await db
    .insert(deviceMessages)
    .values({
      device_id: device.id,
      user_id: auth.user.id,
      command_id: body.id,
      send_via: via,
      translation: body.translation ?? null,
      message_to_device: body.payload.command,
    })
    .returning();
  let updated: MessageRow | undefined;
  if (via === 'sms') {
    await ctx.sms.send(device.phone!, body.payload.command);
    updated = await markSent(ctx, message!.id);
  } else {
    // The tracker's connection is held by whichever process it reached: ask over the bus,
    // and answer 'sent' when that process wrote it in time, else 'queued' (it goes out when
    // the tracker next connects).
    const sent = await writeToTracker(ctx, {
      device_message_id: message!.id,
      serial: device.serial,
      text: body.payload.command,
    });
    // Marked by whichever of this call and the module's subscriber comes first.
    updated = sent
      ? ((await markSent(ctx, message!.id)) ?? (await findMessage(ctx, message!.id)))
      : message;
  }
  await trimMessages(ctx, device.id);
  return presentMessage(updated ?? message!);
}

async function findMessage(ctx: AppContext, id: number) {
  const [row] = await ctx.database.db
    .select()
    .from(deviceMessages)
    .where(eq(deviceMessages.id, id));
  return row;
}

/** How long a send waits for the tracker's connection to take the command. */
const WRITE_WAIT_MS = 1_000;

function writeToTracker(ctx: AppContext, command: DomainEvents['command.queued']) {
  return new Promise<boolean>((resolve) => {
    const done = (sent: boolean) => {
      clearTimeout(timer);
      stop();
      resolve(sent);
    };
    const stop = ctx.bus.subscribe('command.sent', (e) => {
      if (e.device_message_id === command.device_message_id) done(true);
    });
    const timer = setTimeout(() => done(false), WRITE_WAIT_MS);
    ctx.bus.publish('command.queued', command);
  });
}

/** A data or SMS command went out (once: a later report of the same send changes nothing). */
export async function markSent(ctx: AppContext, id: number): Promise<MessageRow | undefined> {
  const [row] = await ctx.database.db
    .update(deviceMessages)
    .set({ status: 'sent', sent_at: new Date() })
    .where(and(eq(deviceMessages.id, id), eq(deviceMessages.status, 'queued')))
    .returning();
  return row;
}

/** Keeps the newest 100 messages per device (spec 002 §9). */
async function trimMessages(ctx: AppContext, deviceId: number) {
  const old = await ctx.database.db
    .select({ id: deviceMessages.id })
    .from(deviceMessages)
    .where(eq(deviceMessages.device_id, deviceId))
    .orderBy(desc(deviceMessages.id))
    .offset(MAX_DEVICE_MESSAGES);
  if (old.length > 0) {
    await ctx.database.db.delete(deviceMessages).where(
      inArray(
        deviceMessages.id,
        old.map((m) => m.id),
      ),
    );
  }
}

export async function messagesOf(ctx: AppContext, deviceId: number) {
  const rows = await ctx.database.db
    .select()
    .from(deviceMessages)
    .where(eq(deviceMessages.device_id, deviceId))
    .orderBy(desc(deviceMessages.id))
    .limit(MAX_DEVICE_MESSAGES);
  return rows.map(presentMessage);
}

/**
 * A tracker connected: the data commands that waited for it go out again, oldest first, to
 * the process holding its connection (which reports each as `command.sent`).
 */
export async function deliverQueued(ctx: AppContext, serial: string) {
  const queued = await ctx.database.db
    .select({ id: deviceMessages.id, text: deviceMessages.message_to_device })
    .from(deviceMessages)
    .innerJoin(devices, eq(devices.id, deviceMessages.device_id))
    .where(
      and(
        eq(devices.serial, serial),
        eq(deviceMessages.status, 'queued'),
        eq(deviceMessages.send_via, 'data'),
      ),
    )
    .orderBy(asc(deviceMessages.id));
  for (const m of queued) {
    if (m.text)
      ctx.bus.publish('command.queued', { device_message_id: m.id, serial, text: m.text });
  }
}

/** A tracker answered: the answer belongs to its oldest command still waiting for one. */
export async function recordAnswer(ctx: AppContext, serial: string, text: string) {
  const { db } = ctx.database;
  const [waiting] = await db
    .select({ id: deviceMessages.id })
    .from(deviceMessages)
    .innerJoin(devices, eq(devices.id, deviceMessages.device_id))
    .where(
      and(
        eq(devices.serial, serial),
        eq(deviceMessages.status, 'sent'),
        eq(deviceMessages.send_via, 'data'),
      ),
    )
    .orderBy(asc(deviceMessages.id))
    .limit(1);
  if (!waiting) return;
  await db
    .update(deviceMessages)
    .set({ status: 'delivered', message_from_device: text, answered_at: new Date() })
    .where(eq(deviceMessages.id, waiting.id));
}
