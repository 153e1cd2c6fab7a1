import { useEffect } from 'react';
import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { RULE_MESSAGES, RULE_TEST_DAYS } from '@waymark/domain';
import { ApiError } from '../../api/client';
import { useTestRule } from '../../api/rules';
import { toast } from '../../app/toast';
import { formatShipmentTime } from '../shipments/format';
import { testPayloadOf, type RuleFormValues } from './ruleForm';

const times = (n: number) => `${n} ${n === 1 ? 'time' : 'times'}`;

/**
 * 'Test on the last 7 days': replays history through the rule as the form holds it now, saved
 * or not, and lists when it would have fired, sending nothing. A result is dropped as soon as
 * the form changes, so it never speaks for other settings than the ones shown.
 */
export function RuleTest({
  accountId,
  draft,
}: {
  accountId: number;
  draft: RuleFormValues | null;
}) {
  const test = useTestRule(accountId);
  const { reset } = test;
  useEffect(() => reset(), [draft, reset]);
  const run = () => {
    if (!draft) return;
    test.mutate(testPayloadOf(draft), {
      onError: (e) =>
        toast.error(e instanceof ApiError && e.message ? e.message : RULE_MESSAGES.error),
    });
  };
  return (
    <section aria-label="Test">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4">
          Test
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlayerPlay size={14} />}
          loading={test.isPending}
          disabled={!draft}
          onClick={run}
        >
          Test on the last {RULE_TEST_DAYS} days
        </Button>
      </Group>
      {test.data ? (
        <Stack gap={4} aria-label="Test result">
          <Text size="sm">
            {test.data.total === 0
              ? `It would not have fired in the last ${RULE_TEST_DAYS} days`
              : `It would have fired ${times(test.data.total)} in the last ${RULE_TEST_DAYS} days`}{' '}
            (as the form stands, saved or not; nothing is sent)
          </Text>
          <List size="sm" spacing={2}>
            {test.data.firings.map((f) => (
              <List.Item key={`${f.fired_at}-${f.device.id}`}>
                {formatShipmentTime(f.fired_at)}: {f.trigger}
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : (
        <Text size="xs" c="dimmed">
          Replays the trackers&apos; history through the conditions and throttle as they stand in
          the form, saved or not. Nothing is sent.
        </Text>
      )}
    </section>
  );
}
