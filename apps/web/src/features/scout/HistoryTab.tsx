import { useState } from 'react';
import { Center, Divider, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { CHAT_MESSAGES } from '@waymark/domain';
import { useDialogs } from '../../api/scout';
import { HISTORY_SEARCH_DEBOUNCE_MS } from './constants';
import { groupByDay } from './dayHeadings';
import { DialogTitle } from './DialogTitle';

/** 'Conversation History' (spec 001 §2): the account's conversations by day, searchable. */
export function HistoryTab({
  accountId,
  now,
  onOpen,
  onDeleted,
}: {
  accountId: number;
  now: Date;
  onOpen: (id: number) => void;
  onDeleted: (id: number) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), HISTORY_SEARCH_DEBOUNCE_MS);
  const dialogs = useDialogs(accountId, debounced);
  const days = groupByDay(dialogs.data ?? [], (d) => d.updated_at, now);

  return (
    <Stack gap="sm" p="sm">
      <Title order={4}>{CHAT_MESSAGES.history}</Title>
      <TextInput
        size="xs"
        aria-label="Search conversations"
        placeholder="Search conversations..."
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {dialogs.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading conversations" />
        </Center>
      ) : days.length === 0 ? (
        <Text size="sm" c="dimmed">
          {debounced ? 'No conversations found' : 'No conversations yet'}
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label="Conversations">
          {days.map((day) => (
            <Stack key={day.heading} gap={4}>
              <Divider label={day.heading} labelPosition="left" />
              {day.items.map((dialog) => (
                <div key={dialog.id} role="listitem">
                  <DialogTitle
                    accountId={accountId}
                    dialog={dialog}
                    onOpen={() => onOpen(dialog.id)}
                    onDeleted={() => onDeleted(dialog.id)}
                  />
                </div>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
