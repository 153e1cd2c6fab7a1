import { useCallback } from 'react';
import { Container, Grid, Paper, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { alertsKeys, useNotificationSettings } from '../../api/alerts';
import { eventsChannel, useRealtime } from '../../api/realtime';
import { useSession } from '../../app/session/useSession';
import { NotificationForm } from './NotificationForm';
import { RecentAlerts } from './RecentAlerts';

/** The alerts page (/alerts): the 'Notifications' form and 'Recent Alerts' (spec 001 §2). */
export function AlertsPage() {
  const view = useSession();
  const accountId = view?.account?.id ?? 0;
  const settings = useNotificationSettings(accountId);
  const queryClient = useQueryClient();
  // A new event of the account moves the list on.
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: alertsKeys.events(accountId) }),
    [queryClient, accountId],
  );
  useRealtime(accountId ? eventsChannel(accountId) : null, refresh);
  if (!view?.account) return null;

  return (
    <Container size="lg" py="xl" w="100%">
      <Title order={1} size="h2" mb="lg">
        Alerts
      </Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="lg" radius="md">
            {settings.data ? (
              <NotificationForm
                accountId={accountId}
                settings={settings.data}
                email={view.me.email}
                viewer={{
                  role: view.role,
                  isB2B: view.features?.isB2B ?? false,
                  phone: view.me.phone,
                }}
              />
            ) : (
              <Text c="dimmed">Loading settings...</Text>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="lg" radius="md">
            <RecentAlerts accountId={accountId} />
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
