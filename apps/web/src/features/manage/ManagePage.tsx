import { Container, Stack, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { ManageTabs } from './ManageTabs';

/** The Manage area (spec 002 §2.3): heading, tabs of the built sections, the section. */
export function ManagePage() {
  return (
    <Container size="xl" py="lg" w="100%">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Manage
        </Title>
        <ManageTabs />
        <Outlet />
      </Stack>
    </Container>
  );
}
