import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconEye, IconEyeOff, IconRefresh } from '@tabler/icons-react';
import { serverMessageOr } from '../../api/client';
import { useApiToken, useResetApiToken } from '../../api/manage';
import { confirmAction } from '../../app/modals/confirmation';
import { useCurrentAccount } from '../../app/session/useSession';
import { toast } from '../../app/toast';
import { maskToken } from './maskToken';

const TOKEN_RESET = 'The API token has been reset';

/**
 * API Access (spec 002 §2.3): the account's token, masked until revealed, Copy and Reset.
 * Reset asks first: every client still sending the old token is refused from then on.
 */
export function ApiAccessPage() {
  const account = useCurrentAccount();
  const accountId = account?.id ?? 0;
  const token = useApiToken(accountId);
  const reset = useResetApiToken(accountId);
  const [revealed, setRevealed] = useState(false);
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

  const confirmReset = () =>
    confirmAction({
      title: 'Reset API Token',
      text:
        'Reset the API token? Every client still using the current token is refused from ' +
        'now on, until it is given the new one.',
      confirmLabel: 'Reset',
      danger: true,
      onConfirm: () => reset.mutateAsync(),
      successMessage: TOKEN_RESET,
      errorMessage: serverMessageOr(null),
    });

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
          value={revealed ? value : maskToken(value)}
          placeholder={token.isPending ? 'Loading...' : ''}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Group>
          <Button
            leftSection={revealed ? <IconEyeOff size={16} /> : <IconEye size={16} />}
            variant="default"
            onClick={() => setRevealed((r) => !r)}
            disabled={!value}
          >
            {revealed ? 'Hide' : 'Reveal'}
          </Button>
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
            onClick={confirmReset}
            disabled={reset.isPending}
          >
            {reset.isPending ? 'Reseting...' : 'Reset'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
