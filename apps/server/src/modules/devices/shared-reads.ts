import type { Membership } from '../accounts/accounts.queries';
import { seesAllDevices } from './device-access';

/**
 * Requests for the same big list that arrive while it is being read share that one read. A
 * 100,000-tracker list keeps the database busy for about a second; when a fleet's dispatchers
 * open the trackers screen together, each would otherwise queue behind the others' reads. A
 * joining request gets data at most one read old, and live positions come over the websocket.
 */
export class SharedReads {
  private running = new Map<string, Promise<string>>();

  read(key: string, load: () => Promise<string>): Promise<string> {
    const current = this.running.get(key);
    if (current) return current;
    const started = load().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }
}

/**
 * Who sees the same trackers: the account, and either "all of them" or the member's own
 * device and group lists.
 */
export function visibilityKey(membership: Membership): string {
  return seesAllDevices(membership)
    ? `${membership.id}:all`
    : `${membership.id}:${membership.device_ids.join(',')}:${membership.group_ids.join(',')}`;
}
