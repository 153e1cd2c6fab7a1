import type { ReactNode } from 'react';
import { Center, Paper, Stack, Title } from '@mantine/core';
import { Logo } from '../../app/shell/Logo';

/** The centred card the logged-out pages share. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={420}>
        <Stack gap="lg">
          <Center>
            <Logo height={36} />
          </Center>
          <Title order={1} size="h3" ta="center">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
