import { GENERIC_ERROR } from '../toast';
import { modals } from './modalQueue';

/** What the common confirmation modal shows and does (spec 002 §2.8, §8). */
export interface ConfirmationOptions {
  title: string;
  text: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A red confirm button, for deletions. */
  danger?: boolean;
  /** The action; the modal waits for it and closes when it succeeds. */
  onConfirm: () => Promise<unknown>;
  /**
   * The toasts: 'Success!' and 'An error occurred' unless the caller has its own. The error's
   * may be read from what failed (a server message, else the caller's fallback).
   */
  successMessage?: string;
  errorMessage?: string | ((error: unknown) => string | null | undefined);
  toastTimeout?: number;
  onDone?: () => void;
}

export const CONFIRMATION_DEFAULTS = {
  confirmLabel: 'Confirm',
  cancelLabel: 'Cancel',
  successMessage: 'Success!',
  errorMessage: GENERIC_ERROR,
} as const;

/** Asks through the modal queue before doing something that cannot be taken back. */
export function confirmAction(options: ConfirmationOptions): void {
  modals.open('confirmation', { ...options });
}
