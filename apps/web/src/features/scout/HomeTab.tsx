import { Alert, Loader, Stack, Text, Title, UnstyledButton, Paper } from '@mantine/core';
import { useScoutInsights } from '../../api/scout';
import { useSession } from '../../app/session/useSession';

/**
 * The signed-in user's first name. Spec 001 §1 has a fixed sample name here, but a greeting
 * with someone else's name read as a mistake (issue 35.25).
 */
function useFirstName(): string | null {
  const name = useSession()?.me.name.trim() ?? '';
  return name.split(/\s+/)[0] || null;
}

/**
 * Scout's home tab: a greeting and the account's own insights now (issue 38, in place of
 * spec 001 §1's fixed samples, which named places the account does not have). Each is a
 * question Scout answers with the same figure; clicking it asks it.
 */
export function HomeTab({
  accountId,
  onAsk,
  disabled,
}: {
  accountId: number | null;
  onAsk: (question: string) => void;
  disabled: boolean;
}) {
  const firstName = useFirstName();
  const insights = useScoutInsights(accountId);
  return (
    <Stack gap="sm" p="sm">
      <Title order={4}>
        {firstName
          ? `Hi ${firstName}, here is what stands out today`
          : 'Here is what stands out today'}
      </Title>
      {insights.isPending && <Loader size="sm" aria-label="Loading insights" />}
      {insights.isError && (
        <Alert color="red" variant="light">
          Scout could not read your fleet just now. Ask it with New Chat.
        </Alert>
      )}
      <Stack gap="xs" role="group" aria-label="Insights">
        {insights.data?.map((insight) => (
          <UnstyledButton
            key={insight.key}
            disabled={disabled}
            onClick={() => onAsk(insight.question)}
            aria-label={insight.text}
          >
            <Paper withBorder p="xs" radius="md">
              <Text fw={700} size="lg">
                {insight.value}
              </Text>
              <Text size="sm" fw={500}>
                {insight.text}
              </Text>
              <Text size="xs" c="dimmed">
                {insight.question}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </Stack>
    </Stack>
  );
}
