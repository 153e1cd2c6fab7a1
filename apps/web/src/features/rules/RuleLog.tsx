import { Badge, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { RULE_ACTION_LABELS, type RuleFiring } from '@waymark/domain';
import { useRuleFirings } from '../../api/rules';
import { formatShipmentTime } from '../shipments/format';

const STATUS_COLOURS = { queued: 'blue', sent: 'green', failed: 'red' } as const;

/** The rule's firings, newest first: when, what set it off and each action's outcome. */
export function RuleLog({ accountId, ruleId }: { accountId: number; ruleId: number }) {
  const firings = useRuleFirings(accountId, ruleId);
  return (
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
