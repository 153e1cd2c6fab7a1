import { Badge, Button, Center, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { RULE_ACTION_LABELS, RULE_TEST_DAYS, type RuleFiring } from '@waymark/domain';
import { useRuleFirings, useTestRule } from '../../api/rules';
import { toast } from '../../app/toast';
import { ApiError } from '../../api/client';
import { formatShipmentTime } from '../shipments/format';

const STATUS_COLOURS = { queued: 'blue', sent: 'green', failed: 'red' } as const;

/**
 * The rule's firings, newest first: when, what set it off and each action's outcome; and
 * 'Test on the last 7 days', which replays history through the saved rule and lists when it
 * would have fired, sending nothing.
 */
export function RuleLog({ accountId, ruleId }: { accountId: number; ruleId: number }) {
  const firings = useRuleFirings(accountId, ruleId);
  const test = useTestRule(accountId, ruleId);
  return (
    <Stack gap="md">
      <section aria-label="Firing log">
        <Title order={3} size="h4" mb="xs">
          Firing log
        </Title>
        {firings.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label="Loading firings" />
          </Center>
        ) : (firings.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            This rule has not fired yet
          </Text>
        ) : (
          <Stack gap="sm">
            {(firings.data ?? []).map((f) => (
              <Firing key={f.id} firing={f} />
            ))}
          </Stack>
        )}
      </section>
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
            onClick={() =>
              test.mutate(undefined, {
                onError: (e) =>
                  toast.error(e instanceof ApiError && e.message ? e.message : 'An error occurred'),
              })
            }
          >
            Test on the last {RULE_TEST_DAYS} days
          </Button>
        </Group>
        {test.data && (
          <Stack gap={4} aria-label="Test result">
            <Text size="sm">
              {test.data.total === 0
                ? `It would not have fired in the last ${RULE_TEST_DAYS} days (saved settings; nothing is sent)`
                : `It would have fired ${test.data.total} ${test.data.total === 1 ? 'time' : 'times'} in the last ${RULE_TEST_DAYS} days (saved settings; nothing is sent)`}
            </Text>
            <List size="sm" spacing={2}>
              {test.data.firings.map((f) => (
                <List.Item key={`${f.fired_at}-${f.device.id}`}>
                  {formatShipmentTime(f.fired_at)}: {f.trigger}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </section>
    </Stack>
  );
}

function Firing({ firing }: { firing: RuleFiring }) {
  return (
    <Stack gap={2} aria-label="Firing">
      <Text size="sm" fw={600}>
        {formatShipmentTime(firing.fired_at)}: {firing.trigger}
      </Text>
      {firing.outcomes.map((o, i) => (
        <Group key={i} gap="xs" wrap="nowrap">
          <Badge size="xs" variant="light" color={STATUS_COLOURS[o.status]}>
            {o.status}
          </Badge>
          <Text size="xs">
            {RULE_ACTION_LABELS[o.type]}
            {o.detail ? `: ${o.detail}` : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
