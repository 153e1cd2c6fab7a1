import type { ReactNode } from 'react';
import { Center, Stack, Text, Title } from '@mantine/core';

export function ErrorPage({
  code,
  title,
  action,
}: {
  code: string;
  title: string;
  action: ReactNode;
}) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md">
        <Text fz={72} fw={800} c="gray.4" lh={1}>
          {code}
        </Text>
        <Title order={1} size="h2" ta="center">
          {title}
        </Title>
        {action}
      </Stack>
    </Center>
  );
}
