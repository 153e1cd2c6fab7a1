import { Paper, Stack, Text, Title } from '@mantine/core';
import { ANNUAL_PLAN_MONTHS, annualSaving, planLabel } from '@waymark/domain';
import { money } from '../format';
import type { PlanPrices } from './subscriptionPlans';

/** Current Plan / Next Renewal: the price, the plan's length and an annual plan's saving. */
export function PlanCard(props: {
  title: string;
  price: number;
  months: number;
  prices: PlanPrices;
}) {
  const { monthly } = props.prices;
  // Against the price this subscription charges, not the catalogue's annual plan.
  const saving =
    props.months === ANNUAL_PLAN_MONTHS && monthly !== null
      ? annualSaving(monthly, props.price)
      : 0;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-label={props.title}>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {props.title}
        </Title>
        <Text size="xl" fw={700}>
          {money(props.price)}
        </Text>
        <Text size="sm">{planLabel(props.months)}</Text>
        {saving > 0 && (
          <Text size="sm" c="green">
            You save {money(saving)} a year
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
