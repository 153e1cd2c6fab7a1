import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { commands, deviceMessages, devices, models } from '../../db/schema';

export type MessageRow = typeof deviceMessages.$inferSelect;

/** The model of a tracker, undefined when there is no such tracker. */
export async function modelOfDevice(db: Db, deviceId: number) {
  const [device] = await db
    .select({ model_id: devices.model_id })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return device?.model_id;
}

/** Command templates of a model, by title. */
export function commandsOfModel(db: Db, modelId: number) {
  return db
    .select()
    .from(commands)
    .where(eq(commands.model_id, modelId))
    .orderBy(asc(commands.title));
}

/** What sending a command to the tracker needs to know: serial, phone, model and protocol. */
export async function commandTarget(db: Db, deviceId: number) {
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
  return device;
}

/** True when the template is one of the model's. */
export async function isTemplateOf(db: Db, commandId: number, modelId: number) {
  const [template] = await db
    .select({ id: commands.id })
    .from(commands)
    .where(and(eq(commands.id, commandId), eq(commands.model_id, modelId)));
  return template !== undefined;
}

export async function insertMessage(db: Db, values: typeof deviceMessages.$inferInsert) {
  const [message] = await db.insert(deviceMessages).values(values).returning();
  return message!;
}

export async function findMessage(db: Db, id: number) {
  const [row] = await db.select().from(deviceMessages).where(eq(deviceMessages.id, id));
  return row;
}

/** Keeps the newest `keep` messages of the device. */
export async function trimMessages(db: Db, deviceId: number, keep: number) {
  const old = await db
    .select({ id: deviceMessages.id })
    .from(deviceMessages)
    .where(eq(deviceMessages.device_id, deviceId))
    .orderBy(desc(deviceMessages.id))
    .offset(keep);
  if (old.length > 0) {
    await db.delete(deviceMessages).where(
      inArray(
        deviceMessages.id,
        old.map((m) => m.id),
      ),
    );
  }
}

/** The device's messages, newest first. */
export function messagesOfDevice(db: Db, deviceId: number, limit: number) {
  return db
    .select()
    .from(deviceMessages)
    .where(eq(deviceMessages.device_id, deviceId))
    .orderBy(desc(deviceMessages.id))
    .limit(limit);
}

/** Marks a queued message sent; undefined when it was not queued (already marked). */
export async function markMessageSent(db: Db, id: number): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(deviceMessages)
    .set({ status: 'sent', sent_at: new Date() })
    .where(and(eq(deviceMessages.id, id), eq(deviceMessages.status, 'queued')))
    .returning();
  return row;
}

/** Marks a queued message failed (its SMS was refused at every attempt); a settled one stays. */
export async function markMessageFailed(db: Db, id: number) {
  await db
    .update(deviceMessages)
    .set({ status: 'failed' })
    .where(and(eq(deviceMessages.id, id), eq(deviceMessages.status, 'queued')));
}

/** The tracker's data commands still waiting to go out, oldest first. */
export function queuedDataMessages(db: Db, serial: string) {
  return db
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
}

/** The tracker's oldest data command sent and not yet answered. */
export async function oldestAwaitingAnswer(db: Db, serial: string) {
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
  return waiting;
}

export async function storeAnswer(db: Db, messageId: number, text: string) {
  await db
    .update(deviceMessages)
    .set({ status: 'delivered', message_from_device: text, answered_at: new Date() })
    .where(eq(deviceMessages.id, messageId));
}

/** One page of the model catalogue by title, and how many models there are. */
export async function modelPage(db: Db, page: number, perPage: number) {
  const rows = await db
    .select({ id: models.id, title: models.title, device_type: models.device_type })
    .from(models)
    .orderBy(asc(models.title), asc(models.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(models);
  return { rows, total };
}
