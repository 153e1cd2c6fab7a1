import { Container, Paper, Stack, Title } from '@mantine/core';
import { useSession } from '../../app/session/useSession';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

/** AccountSettingsView (/account). */
export function AccountSettingsPage() {
  const view = useSession();
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
      </Stack>
    </Container>
  );
}
