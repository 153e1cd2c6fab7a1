import { Box, Center, Loader, Paper, SimpleGrid } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useRule } from '../../api/rules';
import { useCurrentAccount } from '../../app/session/useSession';
import { RULES_PATH } from './navigation';
import { RuleForm } from './RuleForm';
import { RuleLog } from './RuleLog';

/** rules.create (/rules/create): 'Create New Rule'. */
export function RuleCreatePage() {
  const accountId = useCurrentAccount()?.id ?? null;
  const navigate = useNavigate();
  if (accountId === null) return null;
  return (
    <Box p={{ base: 'sm', sm: 'md' }} maw={900} mx="auto">
      <Paper withBorder p="md">
        <RuleForm accountId={accountId} onDone={() => void navigate(RULES_PATH)} />
      </Paper>
    </Box>
  );
}

/** rules.edit (/rules/{id}): 'Edit Rule', beside its firing log and the 7-day test. */
export function RuleEditPage() {
  const accountId = useCurrentAccount()?.id ?? null;
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const rule = useRule(accountId, Number.isInteger(id) && id > 0 ? id : null);
  if (accountId === null || !rule.data) {
    return (
      <Center h={200}>
        <Loader size="sm" aria-label="Loading rule" />
      </Center>
    );
  }
  return (
    <Box p={{ base: 'sm', sm: 'md' }} maw={1400} mx="auto">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md">
          <RuleForm
            key={rule.data.id}
            accountId={accountId}
            rule={rule.data}
            onDone={() => void navigate(RULES_PATH)}
          />
        </Paper>
        <Paper withBorder p="md">
          <RuleLog accountId={accountId} ruleId={rule.data.id} />
        </Paper>
      </SimpleGrid>
    </Box>
  );
}
