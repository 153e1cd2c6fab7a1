/**
 * The realtime channels a client may subscribe to over the websocket (GET /api/realtime), the
 * events sent on them, and the shape of a delivered message. Server and web share these.
 */
export const realtimeChannels = {
  positions: (accountId: number) => `accounts.${accountId}.positions`,
  events: (accountId: number) => `accounts.${accountId}.events`,
};

/** Channels of one account: `accounts.{id}.positions` and `accounts.{id}.events`. */
export const ACCOUNT_CHANNEL = /^accounts\.(\d+)\.(positions|events)$/;

/**
 * What each channel carries: a tracker's newest position, a device event as it is created, and
 * on the events channel an alert delivered in the app to the subscribing user (notify_via_mobile)
 * and the firing of a rule that user saved.
 */
export type RealtimeEvent =
  'PositionUpdated' | 'DeviceEventCreated' | 'AlertNotified' | 'RuleFired' | 'AiMessageCreated';

export interface RealtimeMessage {
  channel: string;
  event: RealtimeEvent;
  data: unknown;
}
