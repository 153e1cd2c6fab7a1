import { Badge } from '@mantine/core';
import { billingStatusColour, billingStatusLabel, type StatusKind } from './status';

/** A subscription, order or payment status with the shared colours (spec 002 §4.3). */
export function BillingStatusBadge({
  status,
  kind = 'order',
}: {
  status: string | null | undefined;
  kind?: StatusKind;
}) {
  if (!status) return null;
  return (
    <Badge color={billingStatusColour(status)} variant="light" size="sm">
      {billingStatusLabel(status, kind)}
    </Badge>
  );
}
