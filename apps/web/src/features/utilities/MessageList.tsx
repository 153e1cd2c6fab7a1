import { List, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { DeviceMessagesResult } from '@waymark/domain';

/** Get Device Messages' answer: newest first, time, kind and text. */
export function MessageList({ messages }: { messages: DeviceMessagesResult['messages'] }) {
  if (messages.length === 0) return null;
  return (
    <List size="xs" mt="xs" spacing={2} mah={240} style={{ overflowY: 'auto' }}>
      {messages.map((m, i) => (
        <List.Item key={i}>
          <Text size="xs" span c="dimmed">
            {dayjs(m.at).format('MMM D HH:mm:ss')} {m.kind}
          </Text>{' '}
          <Text size="xs" span>
            {m.text}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
