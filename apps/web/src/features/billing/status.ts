import {
  orderStatusLabel,
  statusBadgeColour,
  SUBSCRIPTION_LABELS,
  type BadgeColour,
  type OrderStatus,
} from '@waymark/domain';

/** The domain's colour names as Mantine's palette spells them. */
const MANTINE_COLOUR: Record<BadgeColour, string> = {
  green: 'green',
  blue: 'blue',
  yellow: 'yellow',
  red: 'red',
  gray: 'gray',
  purple: 'violet',
};

/** The shared badge colour of any status (spec 002 §4.3), in Mantine's palette. */
export function billingStatusColour(status: string): string {
  return MANTINE_COLOUR[statusBadgeColour(status)];
}

export type StatusKind = 'subscription' | 'order';

/** Subscriptions read as trackers show them; orders and payments in the spec's words. */
export function billingStatusLabel(status: string, kind: StatusKind = 'order'): string {
  if (kind === 'subscription' && SUBSCRIPTION_LABELS[status]) return SUBSCRIPTION_LABELS[status];
  return orderStatusLabel(status as OrderStatus);
}
