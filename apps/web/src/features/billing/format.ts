import dayjs from 'dayjs';
import { cardExpiry, formatMoney } from '@waymark/domain';

/** What a billing screen shows for a missing value (spec 002 §2.3). */
export const MISSING = '-';

/** Spec 002 §9: device names in the subscriptions list are cut at 60 characters. */
export const SUBSCRIPTION_NAME_MAX = 60;

/** Cents as dollars (the domain's formatMoney), '-' when there is no amount. */
export function money(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? MISSING : formatMoney(cents);
}

/** Billing dates, 'MMMM dd, yyyy' in the spec's tokens: 'March 05, 2026'; '-' when missing. */
export function formatBillingDate(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('MMMM DD, YYYY') : MISSING;
}

/** The invoice schedule's dates, 'MMMM d, yyyy': 'March 5, 2026'. */
export function formatScheduleDate(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('MMMM D, YYYY') : MISSING;
}

/** Cuts a text to `max` characters, marking the cut with an ellipsis inside the limit. */
export function cutText(text: string | null | undefined, max: number): string {
  if (!text) return MISSING;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** '#42': how order numbers are shown in lists and headers. */
export const orderNumber = (id: number) => `#${id}`;

export const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

/** A saved card as spec 002 §2.8 shows it: 'Visa *4242, expires 04/2030'. */
export function cardLabel(card: {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}): string {
  return `${brandName(card.brand)} *${card.last4}, expires ${cardExpiry(card.exp_month, card.exp_year)}`;
}

/** A billing or payment term as words: 'device-up-front' → 'Device up front'. */
export const termLabel = (term: string) =>
  term.charAt(0).toUpperCase() + term.slice(1).replaceAll('-', ' ');
