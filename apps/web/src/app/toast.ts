import { createElement } from 'react';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ERROR_TOAST_TIMEOUT_MS, TOAST_TIMEOUT_MS } from '@waymark/domain';

export const GENERIC_ERROR = 'An error occurred';
export const SERVER_ERROR_TITLE = 'Something went wrong';
export const SERVER_ERROR_TEXT = 'Click here to refresh the page';

interface ToastOptions {
  title?: string;
  /** Milliseconds; defaults to 3 s, 15 s for errors (spec 002 §9). */
  timeout?: number;
  onClick?: () => void;
}

/** The one toast helper: every screen shows its messages through it. */
export const toast = {
  success(message: string, options: ToastOptions = {}) {
    notifications.show({
      color: 'green',
      title: options.title,
      message,
      autoClose: options.timeout ?? TOAST_TIMEOUT_MS,
      onClick: options.onClick,
    });
  },
  info(message: string, options: ToastOptions = {}) {
    notifications.show({
      title: options.title,
      message,
      autoClose: options.timeout ?? TOAST_TIMEOUT_MS,
      onClick: options.onClick,
    });
  },
  /** The spec's warnings (e.g. 'This tracker has no reported positions'): yellow, with a sign. */
  warning(message: string, options: ToastOptions = {}) {
    notifications.show({
      color: 'yellow',
      icon: createElement(IconAlertTriangle, { size: 18, 'aria-label': 'Warning' }),
      title: options.title,
      message,
      autoClose: options.timeout ?? TOAST_TIMEOUT_MS,
      onClick: options.onClick,
      className: 'toast-warning',
    });
  },
  error(message: string | null | undefined, options: ToastOptions = {}) {
    notifications.show({
      color: 'red',
      title: options.title,
      message: message || GENERIC_ERROR,
      autoClose: options.timeout ?? ERROR_TOAST_TIMEOUT_MS,
      onClick: options.onClick,
      style: options.onClick ? { cursor: 'pointer' } : undefined,
    });
  },
  /** HTTP 500: stays 15 s and reloads the page when clicked (spec 002 §8). */
  serverError() {
    toast.error(SERVER_ERROR_TEXT, {
      title: SERVER_ERROR_TITLE,
      onClick: () => window.location.reload(),
    });
  },
};
