import type { ReactNode } from 'react';
import { Anchor, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The page a paid order lands on (spec 002 §2.5): 'Thank you for your payment' and a line. */
export function PaymentThanks({ children }: { children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder radius="md" p="xl" maw={480} w="100%">
        <Stack align="center" ta="center">
          <ThemeIcon color="green" variant="light" size={64} radius="xl">
            <IconCircleCheck size={40} />
          </ThemeIcon>
          <Title order={1} size="h2">
            Thank you for your payment
          </Title>
          <Text c="dimmed">{children}</Text>
          <Anchor component={Link} to="/trackers">
            Go to your trackers
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
