import { modals } from './modalQueue';

/** Spec 000 §8 'Download started': a CSV the server makes and e-mails. */
export const CSV_EMAIL_CONFIRMATION =
  'Your CSV is being generated. Once ready, you will receive an email notification with the download link';

/**
 * Tells the user a download the server prepares in the background will reach them by e-mail,
 * through the download confirmation modal (spec 002 §2.8).
 */
export function confirmDownloadStarted(
  text: string = CSV_EMAIL_CONFIRMATION,
  title = 'Download started',
) {
  modals.open('download-confirmation', { title, text });
}
