import type { UtilityResult } from '@waymark/domain';
import { authorizePlatformAdmin, platformAdminActor } from '../../access/actor';
import type { Principal } from '../../access/principal';
import type { AppContext } from '../../app-context';
import { DomainError } from '../../errors/domain-error';
import { sendCommand } from '../commands/commands.service';
import { requireTracker } from './device-utilities.service';

type Via = 'sms' | 'data';

/** One command through the commands module, as an admin of the tracker's account. */
async function sendTo(
  ctx: AppContext,
  principal: Principal,
  serial: string,
  command: string,
  via: Via,
) {
  const { db } = ctx.database;
  const device = await requireTracker(db, serial);
  const actor = await platformAdminActor(db, principal, device.account_id);
  return sendCommand(ctx, actor, device.id, {
    id: null,
    payload: { command },
    send_via: [via],
  });
}

/** Send Commands: a text command to one tracker, over data (queued until it connects) or SMS. */
export async function sendUtilityCommand(
  ctx: AppContext,
  principal: Principal,
  input: { serial: string; command: string; send_via: Via },
): Promise<UtilityResult & { status: string }> {
  authorizePlatformAdmin(principal);
  const message = await sendTo(ctx, principal, input.serial, input.command, input.send_via);
  return {
    message: `Command to ${input.serial} ${message.status} (${message.send_via})`,
    status: message.status,
  };
}

/** Send Bulk Command: the same command to many trackers; each failure is named, none stops the rest. */
export async function sendBulkCommand(
  ctx: AppContext,
  principal: Principal,
  input: { serials: string[]; command: string; send_via: Via },
): Promise<UtilityResult & { results: { serial: string; status: string }[] }> {
  authorizePlatformAdmin(principal);
  // Side by side: each data send waits up to a second for the tracker's connection.
  const results = await Promise.all(
    [...new Set(input.serials)].map(async (serial) => {
      try {
        const message = await sendTo(ctx, principal, serial, input.command, input.send_via);
        return { serial, status: message.status };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return { serial, status: `failed: ${error.message}` };
      }
    }),
  );
  const ok = results.filter((r) => !r.status.startsWith('failed')).length;
  const failed = results.filter((r) => r.status.startsWith('failed'));
  return {
    message: `Command sent to ${ok} of ${results.length} tracker(s)${failed.length ? `; failed: ${failed.map((f) => `${f.serial} (${f.status.slice(8)})`).join(', ')}` : ''}`,
    results,
  };
}
