import { ActionIcon, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconEdit, IconPhoto } from '@tabler/icons-react';
import { formatFeet } from '@waymark/domain';
import type { Anchor } from '../../api/anchors';
import { Can } from '../../app/session/Can';
import { DeleteAnchorButton } from './DeleteAnchorButton';

interface AnchorListProps {
  accountId: number;
  anchors: readonly Anchor[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onEdit: (anchor: Anchor) => void;
}

/** The anchors, one card each; picking one shows it on the map. */
export function AnchorList({ accountId, anchors, selectedId, onSelect, onEdit }: AnchorListProps) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Anchors">
      {anchors.map((anchor) => (
        <Paper
          key={anchor.id}
          component="li"
          withBorder
          p="sm"
          bg={anchor.id === selectedId ? 'var(--mantine-color-grape-0)' : undefined}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <UnstyledButton
              onClick={() => onSelect(anchor.id)}
              aria-label={`Show ${anchor.name} on the map`}
              style={{ flex: 1, minWidth: 0 }}
            >
              <Text fw={600} truncate>
                {anchor.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {anchor.serial}
              </Text>
              {anchor.address && (
                <Text size="sm" truncate>
                  {anchor.address}
                </Text>
              )}
              <Group gap={6} mt={4}>
                <Badge size="sm" variant="light" color="grape">
                  {formatFeet(anchor.radius)}
                </Badge>
                {anchor.images.length > 0 && (
                  <Badge
                    size="sm"
                    variant="light"
                    color="gray"
                    leftSection={<IconPhoto size={12} />}
                  >
                    {anchor.images.length}
                  </Badge>
                )}
              </Group>
            </UnstyledButton>
            <Can I="manage" a="Anchors">
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Edit ${anchor.name}`}
                  onClick={() => onEdit(anchor)}
                >
                  <IconEdit size={16} />
                </ActionIcon>
                <DeleteAnchorButton accountId={accountId} anchor={anchor} />
              </Group>
            </Can>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
