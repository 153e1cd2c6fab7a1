import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

/**
 * The generic lists' empty title (spec 002 §2.3 'There is no {title} yet', said as English
 * says it of the plural titles every list has): 'There are no subscriptions yet'.
 */
export const nothingYet = (things: string) => `There are no ${things.toLowerCase()} yet`;

/** What every generic list says under it when it is empty (spec 002 §2.3). */
export const NOTHING_YET_TEXT = 'They will appear later, based on actions.';

/** The shared "nothing here" block of lists: a title and one line of explanation. */
export function EmptyState({
  title,
  text,
  icon,
}: {
  title: string;
  text: string;
  icon?: ReactNode;
}) {
  return (
    <Stack align="center" gap={6} py="xl" px="md" ta="center">
      <ThemeIcon variant="light" size={48} radius="xl" color="gray">
        {icon ?? <IconInbox size={26} />}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  );
}
