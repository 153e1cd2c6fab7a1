import {
  accountFeatures,
  MAX_DEVICE_MESSAGES,
  type DeviceMessage,
  type SendCommand,
} from '@waymark/domain';
import { authorize, found, requireVisibleDevice, type Actor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import type { DomainEvents } from '../../events/catalogue';
import { forbidden, invalidField } from '../../errors/domain-error';
import { presentMessage } from './commands.present';
import { queueSmsCommand } from './commands.sms';
import {
  commandsOfModel,
  commandTarget,
  findMessage,
  insertMessage,
  isTemplateOf,
  markMessageSent,
  messagesOfDevice,
  modelOfDevice,
  oldestAwaitingAnswer,
  queuedDataMessages,
  storeAnswer,
  trimMessages,
  type MessageRow,
} from './commands.queries';

/** Command templates of the tracker's model, for a tracker the actor sees. */
export async function commandsForDevice(ctx: AppContext, actor: Actor, deviceId: number) {
  const { db } = ctx.database;
  await requireVisibleDevice(db, actor, deviceId);
  return commandsOfModel(db, found(await modelOfDevice(db, deviceId)));
}

/**
 * Sends a command (update Devices): over data to the tracker's open connection in its own
 * protocol (or queued until it connects), or as an SMS to the tracker's phone through the
 * outbox (queued until the SMS provider takes it).
 */
export async function sendCommand(
  ctx: AppContext,
  actor: Actor,
  deviceId: number,
  body: SendCommand,
): Promise<DeviceMessage> {
  const { db } = ctx.database;
  await requireVisibleDevice(db, actor, deviceId);
  authorize(actor, 'update', 'Devices');
  const device = found(await commandTarget(db, deviceId));
  if (body.id === null && !accountFeatures(actor.membership).customCommandsAvailable) {
    throw forbidden('Custom commands are not available for this account.');
  }
  if (body.id !== null && !(await isTemplateOf(db, body.id, device.model_id))) {
    throw invalidField('id', 'Please select a command to send');
  }
  const via = body.send_via.includes('data') && device.protocol !== 'osmand' ? 'data' : 'sms';
  if (via === 'sms' && !device.phone)
    throw invalidField('send_via', 'This tracker has no phone number for SMS');

  const message = await insertMessage(db, {
    device_id: device.id,
    user_id: actor.user.id,
    command_id: body.id,
    send_via: via,
    translation: body.translation ?? null,
    message_to_device: body.payload.command,
  });
  let updated: MessageRow | undefined;
  if (via === 'sms') {
    // Through the outbox, like every other message: it is `sent` once the provider took it.
    await queueSmsCommand(ctx, { id: message.id, to: device.phone!, text: body.payload.command });
  } else {
    // The tracker's connection is held by whichever process it reached: ask over the bus,
    // and answer 'sent' when that process wrote it in time, else 'queued' (it goes out when
    // the tracker next connects).
    const sent = await writeToTracker(ctx, {
      device_message_id: message.id,
      serial: device.serial,
      text: body.payload.command,
    });
    // Marked by whichever of this call and the module's subscriber comes first.
    updated = sent
      ? ((await markSent(ctx, message.id)) ?? (await findMessage(db, message.id)))
      : message;
  }
  // Spec 002 §9: the newest 100 messages per device are kept.
  await trimMessages(db, device.id, MAX_DEVICE_MESSAGES);
  return presentMessage(updated ?? message);
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
export function markSent(ctx: AppContext, id: number): Promise<MessageRow | undefined> {
  return markMessageSent(ctx.database.db, id);
}

/** Messages to and from a tracker the actor sees, newest first (at most 100). */
export async function messagesOf(ctx: AppContext, actor: Actor, deviceId: number) {
  await requireVisibleDevice(ctx.database.db, actor, deviceId);
  const rows = await messagesOfDevice(ctx.database.db, deviceId, MAX_DEVICE_MESSAGES);
  return rows.map(presentMessage);
}

/**
 * A tracker connected: the data commands that waited for it go out again, oldest first, to
 * the process holding its connection (which reports each as `command.sent`).
 */
export async function deliverQueued(ctx: AppContext, serial: string) {
  for (const m of await queuedDataMessages(ctx.database.db, serial)) {
    if (m.text)
      ctx.bus.publish('command.queued', { device_message_id: m.id, serial, text: m.text });
  }
}

/** A tracker answered: the answer belongs to its oldest command still waiting for one. */
export async function recordAnswer(ctx: AppContext, serial: string, text: string) {
  const { db } = ctx.database;
  const waiting = await oldestAwaitingAnswer(db, serial);
  if (waiting) await storeAnswer(db, waiting.id, text);
}
