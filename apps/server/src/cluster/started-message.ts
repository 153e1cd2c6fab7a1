/**
 * What a process of `npm run cluster` tells the supervisor once it serves (over the cluster's
 * IPC channel), so the supervisor prints one start-up message for the set, as `npm start` does.
 */
export interface StartedMessage {
  waymark: 'started';
  roles: string[];
  database: string;
  /** The web app's address, from an api process. */
  appUrl?: string;
  /** The device ports, from an ingest process. */
  deviceLines?: string[];
  /** From an api process: whether anyone can sign in yet. */
  hasPlatformAdmin?: boolean;
}

export function isStartedMessage(message: unknown): message is StartedMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { waymark?: unknown }).waymark === 'started'
  );
}
