import { MODAL_REOPEN_DELAY_MS } from '@waymark/domain';

/** Every modal the app opens by name (spec 002 §2.8). */
export const MODAL_NAMES = [
  'confirmation',
  'download-confirmation',
  'device-group',
  'device-sim-replace',
  'new-address',
  'new-payment-method',
  'invite-user',
  'edit-user',
  'cancel-subscription',
  'activate-subscription',
  'reactivate-subscription',
  'order-invoice',
  'order-payment',
  'account-switch',
  'ble-anchor-wizard',
  'device-positions-download',
  'dialog-edit',
  'dwell-help',
  // Not in spec 002 §2.8: the platform admin's order for an account (issue 22).
  'admin-order',
  // Not in spec 002 §2.8: a serial that reports without a tracker, provisioned (issue 23).
  'admin-provision',
  // Not in spec 002 §2.8: a customer account a platform admin creates (Accounts screen).
  'admin-new-account',
] as const;
export type ModalName = (typeof MODAL_NAMES)[number];

export interface ModalEntry {
  name: ModalName;
  props: Record<string, unknown>;
  /** Changes on every opening, so a re-opened modal starts from a clean state. */
  key: number;
}

type Schedule = (run: () => void, ms: number) => unknown;

/**
 * Named modals, newest first: the first entry is on screen and closing it uncovers the one
 * below. Opening a modal that is already open closes it and opens it again after 200 ms, so
 * the closing transition finishes before the new content appears.
 */
export function createModalQueue(
  delayMs: number = MODAL_REOPEN_DELAY_MS,
  schedule: Schedule = (run, ms) => setTimeout(run, ms),
) {
  let entries: readonly ModalEntry[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();

  const set = (next: readonly ModalEntry[]) => {
    entries = next;
    listeners.forEach((listener) => listener());
  };
  const push = (name: ModalName, props: Record<string, unknown>) =>
    set([{ name, props, key: ++counter }, ...entries.filter((e) => e.name !== name)]);

  return {
    open(name: ModalName, props: Record<string, unknown> = {}): void {
      if (!entries.some((e) => e.name === name)) {
        push(name, props);
        return;
      }
      set(entries.filter((e) => e.name !== name));
      schedule(() => push(name, props), delayMs);
    },
    /** Closes the named modal, or the one on screen. */
    close(name?: ModalName): void {
      const target = name ?? entries[0]?.name;
      set(entries.filter((e) => e.name !== target));
    },
    closeAll: () => set([]),
    entries: () => entries,
    current: (): ModalEntry | null => entries[0] ?? null,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ModalQueue = ReturnType<typeof createModalQueue>;

/** The app's one queue; screens call modals.open('account-switch'). */
export const modals = createModalQueue();
