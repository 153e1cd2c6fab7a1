import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconRefresh } from '@tabler/icons-react';
import { ApiError } from '../../api/client';
import { useApiToken, useResetApiToken } from '../../api/manage';
import { useCurrentAccount } from '../../app/session/useSession';
import { toast } from '../../app/toast';

/** Server errors already raised the refresh toast; anything else shows its own message. */
function showResetError(error: Error) {
  if (!(error instanceof ApiError && error.status >= 500)) toast.error(error.message);
}

/** API Access (spec 002 §2.3): the account's token, copy and reset. */
export function ApiAccessPage() {
  const account = useCurrentAccount();
  const accountId = account?.id ?? 0;
  const token = useApiToken(accountId);
  const reset = useResetApiToken(accountId);
  const value = token.data?.api_token ?? '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success('Copied!');
    } catch (error) {
      console.error('Copying the API token failed', error);
      toast.error(null);
    }
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack>
        <Title order={2} size="h4">
          API Access
        </Title>
        <Text size="sm" c="dimmed">
          Use this token to call the Waymark API on behalf of {account?.title}.
        </Text>
        <TextInput
          label="API token"
          readOnly
          value={value}
          placeholder={token.isPending ? 'Loading...' : ''}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Group>
          <Button
            leftSection={<IconCopy size={16} />}
            variant="light"
            onClick={() => void copy()}
            disabled={!value}
          >
            Copy
          </Button>
          <Button
            leftSection={<IconRefresh size={16} />}
            color="red"
            variant="light"
            onClick={() => reset.mutate(undefined, { onError: showResetError })}
            disabled={reset.isPending}
          >
            {reset.isPending ? 'Reseting...' : 'Reset'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
