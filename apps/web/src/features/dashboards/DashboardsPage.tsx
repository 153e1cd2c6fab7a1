import { Container, Stack, Tabs, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Can } from '../../app/session/Can';

/** Dashboards (spec 002 §2.1): Dwell, and Analytics for accounts with a custom report. */
export function DashboardsPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = pathname.startsWith('/dashboards/analytics') ? 'analytics' : 'dwell';
  return (
    <Container size="xl" py="lg" w="100%">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Dashboards
        </Title>
        <Tabs value={active} onChange={(tab) => tab && void navigate(`/dashboards/${tab}`)}>
          <Tabs.List>
            <Tabs.Tab value="dwell">Dwell</Tabs.Tab>
            <Can I="view" a="CustomReport">
              <Tabs.Tab value="analytics">Analytics</Tabs.Tab>
            </Can>
          </Tabs.List>
        </Tabs>
        <Outlet />
      </Stack>
    </Container>
  );
}
