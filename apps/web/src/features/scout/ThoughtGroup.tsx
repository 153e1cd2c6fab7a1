import { Collapse, Loader, Stack, Text, UnstyledButton, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { DialogMessage } from '../../api/scout';
import { MessageBlocks } from './MessageBlocks';

/**
 * Scout's intermediate messages of one turn, folded (spec 001 §4): 'Thinking' while it types,
 * 'Thought for X' after, with a 60-character preview of the latest text.
 */
export function ThoughtGroup({
  label,
  preview,
  messages,
  active,
  showTools,
}: {
  label: string;
  preview: string;
  messages: DialogMessage[];
  active: boolean;
  showTools: boolean;
}) {
  const [open, { toggle }] = useDisclosure(false);
  return (
    <Stack gap={2} data-testid="scout-thought">
      <UnstyledButton onClick={toggle} aria-expanded={open}>
        <Group gap={4} wrap="nowrap">
          {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          {active && <Loader size={10} />}
          <Text size="xs" fw={600} c="dimmed">
            {label}
          </Text>
        </Group>
        {!open && preview && (
          <Text size="xs" c="dimmed" pl={18}>
            {preview}
          </Text>
        )}
      </UnstyledButton>
      <Collapse expanded={open}>
        <Stack gap={6} pl={18} style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
          {messages.map((m) => (
            <MessageBlocks key={m.id} message={m} showTools={showTools} />
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}
