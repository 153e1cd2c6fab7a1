import { useState } from 'react';
import { Box, Center, Loader, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useRule } from '../../api/rules';
import { useCurrentAccount } from '../../app/session/useSession';
import { RULES_PATH } from './navigation';
import { RuleForm } from './RuleForm';
import { RuleLog } from './RuleLog';
import { RuleTest } from './RuleTest';
import type { RuleFormValues } from './ruleForm';

/** rules.create (/rules/create): 'Create New Rule', and the 7-day test of it before saving. */
export function RuleCreatePage() {
  const accountId = useCurrentAccount()?.id ?? null;
  const navigate = useNavigate();
  const [draft, setDraft] = useState<RuleFormValues | null>(null);
  if (accountId === null) return null;
  return (
    <Box p={{ base: 'sm', sm: 'md' }} maw={900} mx="auto">
      <Stack gap="md">
        <Paper withBorder p="md">
          <RuleForm
            accountId={accountId}
            onDone={() => void navigate(RULES_PATH)}
            onValues={setDraft}
          />
        </Paper>
        <Paper withBorder p="md">
          <RuleTest accountId={accountId} draft={draft} />
        </Paper>
      </Stack>
    </Box>
  );
}

/** rules.edit (/rules/{id}): 'Edit Rule', beside its firing log and the 7-day test of the form. */
export function RuleEditPage() {
  const accountId = useCurrentAccount()?.id ?? null;
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const rule = useRule(accountId, Number.isInteger(id) && id > 0 ? id : null);
  const [draft, setDraft] = useState<RuleFormValues | null>(null);
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
            onValues={setDraft}
          />
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="md">
            <RuleLog accountId={accountId} ruleId={rule.data.id} />
            <RuleTest accountId={accountId} draft={draft} />
          </Stack>
        </Paper>
      </SimpleGrid>
    </Box>
  );
}
