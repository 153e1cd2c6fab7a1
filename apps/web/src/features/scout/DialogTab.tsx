import { useEffect, useMemo, useRef } from 'react';
import { Box, Center, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { CHAT_MESSAGES } from '@waymark/domain';
import type { DialogMessage } from '../../api/scout';
import { AnswerActions } from './AnswerActions';
import { groupByDay } from './dayHeadings';
import { MessageBlocks } from './MessageBlocks';
import { ThoughtGroup } from './ThoughtGroup';
import { displayItems } from './thinking';
import { ToolActionButton } from './ToolActionButton';

/**
 * One conversation (spec 001 §2, §4): messages under day headings; the user's on the right;
 * Scout's intermediate steps folded; each answer with its action buttons and feedback.
 */
export function DialogTab({
  messages,
  loading,
  typing,
  showTools,
  now,
}: {
  messages: DialogMessage[];
  loading: boolean;
  typing: boolean;
  showTools: boolean;
  now: Date;
}) {
  const items = useMemo(() => displayItems(messages, typing), [messages, typing]);
  const days = useMemo(
    () =>
      groupByDay(
        items,
        (item) => (item.kind === 'thought' ? item.messages[0]! : item.message).created_at,
        now,
      ),
    [items, now],
  );
  const end = useRef<HTMLDivElement>(null);
  // Braces: newer browsers answer scrollIntoView with a promise, which is no effect cleanup.
  useEffect(() => {
    void end.current?.scrollIntoView({ block: 'end' });
  }, [items.length, messages]);

  if (loading) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading conversation" />
      </Center>
    );
  }
  const last = items[items.length - 1];
  return (
    <Stack gap="sm" p="sm" role="log" aria-label="Conversation">
      {days.map((day) => (
        <Stack key={day.heading} gap="sm">
          <Divider label={day.heading} labelPosition="center" />
          {day.items.map((item) => {
            if (item.kind === 'user') {
              return (
                <Paper
                  key={item.key}
                  bg="blue.0"
                  p="xs"
                  radius="md"
                  ml="xl"
                  data-testid="scout-question"
                >
                  <MessageBlocks message={item.message} showTools={showTools} />
                </Paper>
              );
            }
            if (item.kind === 'thought') {
              return (
                <ThoughtGroup
                  key={item.key}
                  label={item.label}
                  preview={item.preview}
                  messages={item.messages}
                  active={item === last && typing}
                  showTools={showTools}
                />
              );
            }
            return (
              <Stack key={item.key} gap={6} data-testid="scout-answer">
                <MessageBlocks message={item.message} showTools={showTools} />
                {item.actions.length > 0 && (
                  <Group gap={6}>
                    {item.actions.map((call) => (
                      <ToolActionButton key={call.key} call={call} />
                    ))}
                  </Group>
                )}
                <AnswerActions message={item.message} />
              </Stack>
            );
          })}
        </Stack>
      ))}
      {typing && last?.kind === 'user' && (
        <Group gap={6}>
          <Loader size={10} />
          <Text size="xs" c="dimmed">
            {CHAT_MESSAGES.thinking}
          </Text>
        </Group>
      )}
      <Box ref={end} />
    </Stack>
  );
}
