import type { ReactNode } from 'react';
import { Anchor, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * The top of a manage details page (an order, a subscription): the way back to its list, the
 * title, its status badge, and the page's actions on the right.
 */
export function DetailsHeading({
  back,
  title,
  badge,
  actions,
}: {
  back: { to: string; label: string };
  title: string;
  badge: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between">
      <Group>
        <Anchor component={Link} to={back.to} aria-label={back.label}>
          <IconArrowLeft size={18} />
        </Anchor>
        <Title order={2} size="h4">
          {title}
        </Title>
        {badge}
      </Group>
      {actions}
    </Group>
  );
}
