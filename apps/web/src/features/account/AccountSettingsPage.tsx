import { Container, Paper, Stack, Title } from '@mantine/core';
import { useAbility, useCurrentAccount, useSession } from '../../app/session/useSession';
import { useHistoryRetention, usePositionFilter } from '../../api/account';
import { HistoryRetentionPanel } from './HistoryRetentionPanel';
import { PasswordForm } from './PasswordForm';
import { PositionFilterForm } from './PositionFilterForm';
import { ProfileForm } from './ProfileForm';

/** AccountSettingsView (/account). */
export function AccountSettingsPage() {
  const view = useSession();
  const account = useCurrentAccount();
  const isAdmin = useAbility()?.can('manage', 'Account') ?? false;
  const filter = usePositionFilter(isAdmin ? account?.id : undefined);
  const retention = useHistoryRetention(isAdmin ? account?.id : undefined);
  if (!view) return null;
  return (
    <Container size="sm" py="xl" w="100%">
      <Stack gap="xl">
        <Title order={1} size="h2">
          Account Settings
        </Title>
        <Paper withBorder p="lg" radius="md">
          <Stack>
            <Title order={2} size="h4">
              Profile
            </Title>
            <ProfileForm me={view.me} />
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Stack>
            <Title order={2} size="h4">
              Password
            </Title>
            <PasswordForm />
          </Stack>
        </Paper>
        {account && filter.data && (
          <Paper withBorder p="lg" radius="md">
            <Stack>
              <Title order={2} size="h4">
                Position filter
              </Title>
              <PositionFilterForm accountId={account.id} saved={filter.data} />
            </Stack>
          </Paper>
        )}
        {account && retention.data && (
          <Paper withBorder p="lg" radius="md">
            <Stack>
              <Title order={2} size="h4">
                Position history
              </Title>
              <HistoryRetentionPanel policy={retention.data} />
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
