import { Link, useNavigate } from 'react-router';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus, IconRoute } from '@tabler/icons-react';
import { describeAction, describeCondition, describeItems } from '@waymark/domain';
import { useRules } from '../../api/rules';
import { Can } from '../../app/session/Can';
import { useAbility, useCurrentAccount } from '../../app/session/useSession';
import { EmptyState } from '../../components/EmptyState';
import { formatShipmentTime } from '../shipments/format';
import { RULE_CREATE_PATH, rulePath } from './navigation';
import { useRuleNames } from './useRuleNames';

/** Ours: the spec shows no empty state for rules. */
export const NO_RULES = 'There are no rules';

/**
 * rules.index (/rules; spec 001 §2 "Rules"): every rule of the account with its state, its
 * conditions and actions in words and when it last fired. 'New Rule' and the links to edit
 * are for those who may manage Rules (spec 002 §6).
 */
export function RuleListPage() {
  const accountId = useCurrentAccount()?.id ?? null;
  const canManage = useAbility()?.can('manage', 'Rules') ?? false;
  const navigate = useNavigate();
  const rules = useRules(accountId);
  const names = useRuleNames(accountId);

  return (
    <Box p={{ base: 'sm', sm: 'md' }} maw={1400} mx="auto">
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h3">
            Rules
          </Title>
          <Can I="manage" a="Rules">
            <Button
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => void navigate(RULE_CREATE_PATH)}
            >
              New Rule
            </Button>
          </Can>
        </Group>
        {rules.isPending ? (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading rules" />
          </Center>
        ) : (rules.data ?? []).length === 0 ? (
          <EmptyState
            title={NO_RULES}
            text="A rule watches your trackers and acts when its conditions hold"
            icon={<IconRoute size={26} />}
          />
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" aria-label="Rules">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Enabled</Table.Th>
                  <Table.Th>If</Table.Th>
                  <Table.Th>Then</Table.Th>
                  <Table.Th>Last fired</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(rules.data ?? []).map((rule) => (
                  <Table.Tr key={rule.id}>
                    <Table.Td>
                      {canManage ? (
                        <Anchor component={Link} to={rulePath(rule.id)} fw={600}>
                          {rule.name}
                        </Anchor>
                      ) : (
                        <Text fw={600}>{rule.name}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={rule.is_enabled ? 'green' : 'red'} variant="light">
                        {rule.is_enabled ? 'On' : 'Off'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {describeItems(rule.conditions, (c) => describeCondition(c, names)) || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {describeItems(rule.actions, (a) => describeAction(a, names)) || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {rule.last_fired_at ? formatShipmentTime(rule.last_fired_at) : 'Never'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Box>
  );
}
