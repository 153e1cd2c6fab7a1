/**
 * Every job the product queues, with its payload: JSON data from which the job rebuilds what
 * it needs (the user, the account, the range), so it runs the same after a restart. Handlers
 * are registered in `job-handlers.ts`.
 */
export type JobPayloads = {
  /** The positions CSV of the report builder, mailed as a link (spec 000 §5). */
  'positions-report': {
    user_id: number;
    account_id: number;
    only_current_positions?: boolean;
    /** ISO 8601 instants. */
    fix_time_from?: string;
    fix_time_to?: string;
    /** Minutes west of UTC, as the browser reports them. */
    offset?: number;
    device_ids?: number[];
  };
  /** The PDF of a saved report too big to make while the request waits, mailed as a link. */
  'report-pdf': {
    user_id: number;
    account_id: number;
    report_id: number;
    /** Minutes east of UTC: the viewer's clock, which the PDF's times are written in. */
    offset: number;
  };
  /** The visits CSV of every geofence of the account, mailed as a link. */
  'geofence-visits-export': {
    user_id: number;
    account_id: number;
    from: string;
    to: string;
    offset: number;
  };
  /** One e-mail or text message of a shipment event (a row of shipment_notifications). */
  'shipment-notification': { notification_id: number };
  /**
   * Every minute: the time-based transitions of ongoing shipments (late at the deadline, the
   * notify_at warning) whose trackers stopped reporting, and notifications left unqueued.
   */
  'shipments-clock': Record<string, never>;
  /** Works out who hears of each of these device events, and queues their deliveries. */
  'alert-fanout': { event_ids: number[] };
  /** One alert to one user through one channel (a row of alert_deliveries). */
  'alert-delivery': { delivery_id: number };
  /** The alerts held back by a rate limit for one user and channel, in one message. */
  'alert-digest': { digest_id: number };
  /** Every minute: fan-outs, deliveries and digests a stopped process left unqueued. */
  'alerts-sweep': Record<string, never>;
  /** One billing or subscription e-mail to the account's users who have it on. */
  'billing-notice': {
    kind:
      | 'payment-succeeded'
      | 'payment-failed'
      | 'subscription-renewing'
      | 'subscription-blocked'
      | 'subscription-cancelled';
    account_id: number;
    payment_id?: number;
    subscription_id?: number;
  };
  /** Hourly: renews subscriptions due, retries declined renewals, blocks after the retries. */
  'billing-renewals': Record<string, never>;
  /** Every minute: sandbox webhook events whose delivery failed are sent again. */
  'sandbox-webhooks': Record<string, never>;
  /** One action of one rule firing (a row of rule_action_runs): webhook, e-mail, SMS, command. */
  'rule-action': { run_id: number };
  /** Every five minutes: rules waiting for a tracker silent for N hours are asked. */
  'rules-silence': Record<string, never>;
  /**
   * The e-mail of one invitation: its create-account link, or, for someone who already had a
   * login, the news that they were added. `token` is the link's secret, which the database
   * keeps only hashed; it lives in the queue until the job is done.
   */
  'invitation-mail': { invitation_id: number; token?: string };
  /**
   * A tracker's trips, stops and daily summaries rebuilt from its oldest late fix (ISO 8601):
   * history that arrived after newer fixes (pipeline/trip-rebuild.ts).
   */
  'trips-rebuild': { device_id: number; from: string };
  /** Every minute: claims the periods of scheduled reports that have ended, queues their sends. */
  'report-schedules': Record<string, never>;
  /** One period's scheduled report to one recipient (a row of report_schedule_sends). */
  'scheduled-report': { schedule_id: number; recipient: string; period: string };
  /** One message of the outbox (outbound_messages): claimed, sent with its key, marked. */
  'outbound-message': { message_id: number };
  /** Every minute: outbox messages stored but never queued, or left mid-send. */
  'outbound-sweep': Record<string, never>;
  /** Daily: this month's and the next two months' partitions of `positions` exist. */
  'history-partitions': Record<string, never>;
  /**
   * Daily: each account's history policy (thinning old fixes), and the monthly partitions
   * that every account's history has passed dropped.
   */
  'history-retention': Record<string, never>;
  /** Scout answers one user message of a dialog (the agent loop; docs/architecture.md). */
  'scout-answer': { dialog_id: number; message_id: number; user_id: number; account_id: number };
};

export type JobName = keyof JobPayloads;
