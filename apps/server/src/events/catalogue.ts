import type {
  AlertNotification,
  ApiDeviceEvent,
  CurrentPosition,
  DialogMessage,
  RuleFired,
  RuleReading,
} from '@waymark/domain';

/**
 * Every domain event of Waymark and its payload: what happened, published by whoever did it
 * after its write committed, heard by whoever must react (the pipeline's registries, the
 * realtime hub, command delivery, the shipment clock, and later notifications and rules). Payloads are
 * plain JSON data, so the same event crosses processes on NATS unchanged.
 */
export interface DomainEvents {
  /** One pipeline batch committed: the newest position of each device it moved. */
  'positions.committed': { positions: CommittedPosition[] };
  /** Device events (geofence enter/exit, low battery, SLA breach, ...) stored by the pipeline. */
  'device-events.created': {
    /** geofence_id: the geofence of an enter or exit (rules match on it). */
    events: { account_id: number; event: ApiDeviceEvent; geofence_id?: number | null }[];
  };
  /**
   * A tracker was created, renamed, moved, deleted, or its serial or SLA triggers changed.
   * `serials`: every serial the change touches (old and new), empty when unknown (forget all).
   */
  'device.changed': { account_id: number; device_id: number; serials: string[] };
  /** A geofence of the account was created, changed or deleted. */
  'geofence.changed': { account_id: number; geofence_id: number };
  /** The account's own settings changed (its position filter bounds): the pipeline reads them again. */
  'account.changed': { account_id: number };
  /** A BLE anchor of the account was created, changed or deleted. */
  'anchor.changed': { account_id: number; anchor_id: number };
  /** A tracker group of the account was created, changed or deleted (its trackers too). */
  'group.changed': { account_id: number; group_id: number };
  /**
   * Shipments of the account were created, edited, ended, archived or deleted, or the shipment
   * clock moved them on: whoever keeps a copy (the clock's index of ongoing shipments) reads
   * them again.
   */
  'shipment.changed': { account_id: number; shipment_ids: number[] };
  /** A rule of the account was created, changed or deleted: the evaluator reads them again. */
  'rule.changed': { account_id: number; rule_id: number };
  /** Rules fired (their firings are written): the users who saved them see a toast. */
  'rules.fired': { account_id: number; firings: RuleFired[] };
  /** A data command waits to be written to the tracker's connection. */
  'command.queued': { device_message_id: number; serial: string; text: string };
  /** A data command was written to the tracker's open connection. */
  'command.sent': { device_message_id: number; serial: string };
  /** A tracker answered a command. */
  'command.answered': { serial: string; text: string };
  /** A tracker identified itself on a connection (logged in): queued commands may go out. */
  'device.connected': { serial: string; protocol: string };
  /** An alert was delivered in the app to one user: their open tabs show it. */
  'alert.notified': { account_id: number; user_id: number; alert: AlertNotification };
  /**
   * A user's role or tracker access in the account changed, or they were removed from it:
   * whoever holds what that user may see (the realtime sockets) works it out again.
   */
  'membership.changed': { account_id: number; user_id: number };
  /**
   * Bearer tokens stopped working (logout, a password changed or reset, an imitation ended):
   * every process closes the websockets opened with them.
   */
  'tokens.revoked': { token_ids: number[] };
  /** Scout wrote a message (a step or the answer) in a user's dialog: their open chat shows it. */
  'dialog.message-created': { user_id: number; dialog_id: number; message: DialogMessage };
}

/**
 * A device's newest position as committed: the fix's numbers and address, which a follower
 * that computes (the shipment clock, the rules step) reads as they are, and the realtime shape (`position`), which the
 * publisher may build only when first read (a getter, once for every reader; JSON carries it
 * as a plain field across NATS).
 */
export interface CommittedPosition {
  account_id: number;
  device_id: number;
  /** The fix's device time, epoch milliseconds. */
  time: number;
  lat: number;
  lng: number;
  /** Metres; null when the tracker gives none. */
  accuracy: number | null;
  address: string | null;
  /** What the fix says of the tracker, for the rules' episode conditions (absent: unknown). */
  reading?: RuleReading;
  readonly position: CurrentPosition;
}

export type EventName = keyof DomainEvents;

/** Every event name, for subscribers that bridge all of them (the NATS bus, tests). */
export const EVENT_NAMES = [
  'positions.committed',
  'device-events.created',
  'device.changed',
  'geofence.changed',
  'account.changed',
  'anchor.changed',
  'group.changed',
  'shipment.changed',
  'rule.changed',
  'rules.fired',
  'command.queued',
  'command.sent',
  'command.answered',
  'device.connected',
  'alert.notified',
  'membership.changed',
  'tokens.revoked',
  'dialog.message-created',
] as const satisfies readonly EventName[];
