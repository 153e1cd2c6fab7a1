import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { paymentPlanView, type BillingTerm, type PaymentLike } from '@waymark/domain';
import { formatScheduleDate, money } from '../format';

interface ScheduleProps {
  billingTerm: BillingTerm;
  payments: readonly (PaymentLike & { due_date: string })[];
  hasItems: boolean;
  onContinue: () => void;
}

/**
 * 'Payment schedule' (spec 002 §2.8, §4.4): the upfront amount, 'N monthly payments of' an
 * amount with their due dates (and the last payment's amount when the rounding left it another),
 * and 'Continue to Payment'.
 */
export function PaymentScheduleBlock({
  billingTerm,
  payments,
  hasItems,
  onContinue,
}: ScheduleProps) {
  const view = paymentPlanView(billingTerm, payments);
  const regularDates = (view.upfront ? payments.slice(1) : payments).map((p) => p.due_date);
  return (
    <Paper withBorder radius="md" p="md" aria-label="Payment schedule">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Payment schedule
        </Title>
        {view.upfront && (
          <Group justify="space-between">
            <Text size="sm">Due upfront</Text>
            <Text size="sm" fw={600}>
              {money(view.upfront.amount)}
            </Text>
          </Group>
        )}
        {view.regular && view.regularCount > 0 && (
          <>
            <Group justify="space-between">
              <Text size="sm">
                {view.regularCount} {view.period} payments of
              </Text>
              <Text size="sm" fw={600}>
                {money(view.regular.amount)}
              </Text>
            </Group>
            {view.last && (
              <Group justify="space-between">
                <Text size="sm">The last payment</Text>
                <Text size="sm" fw={600}>
                  {money(view.last.amount)}
                </Text>
              </Group>
            )}
            <Text size="xs" c="dimmed">
              Due {regularDates.map(formatScheduleDate).join(', ')}
            </Text>
          </>
        )}
        {view.upfront && (
          <Text size="xs" c="dimmed">
            The upfront payment is due on {formatScheduleDate(view.upfront.due_date as string)}.
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={onContinue} disabled={!hasItems}>
            Continue to Payment
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
