import { useState } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Paper,
  ScrollArea,
  Select,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconHistory, IconMessagePlus, IconX } from '@tabler/icons-react';
import { AI_MODEL_OPTIONS, CHAT_MESSAGES, DEFAULT_AI_MODEL_ID } from '@waymark/domain';
import { useCreateDialog, useDialogMessages, useDialogs, useSendMessage } from '../../api/scout';
import { useSession } from '../../app/session/useSession';
import { useNow } from '../trackers/list/useNow';
import { allMessagesVisible } from './allMessagesVisible';
import { DialogTab } from './DialogTab';
import { DialogTitle } from './DialogTitle';
import { HistoryTab } from './HistoryTab';
import { HomeTab } from './HomeTab';
import { MessageInput } from './MessageInput';
import { NewDialogTab } from './NewDialogTab';
import { isTyping } from './thinking';
import { useDialogChannel } from './useDialogChannel';

/** Spec 001 §2: the chat's tabs. */
export type ScoutTab = 'home' | 'newDialog' | 'dialog' | 'history';

/**
 * Scout, the chat in the trackers screen's right column (spec 001 §2, §4). Its state lives
 * here: closing the column unmounts it, and the screen mounts it again under a new key when
 * the account, user or impersonation changes, so both start a fresh chat.
 */
export function ScoutColumn({ onClose }: { onClose: (() => void) | null }) {
  const view = useSession();
  const accountId = view?.account?.id ?? null;
  const canChooseModel = view?.ability.can('manage', 'AiModel') ?? false;
  const now = useNow();
  const [tab, setTab] = useState<ScoutTab>('home');
  const [dialogId, setDialogId] = useState<number | null>(null);
  const [model, setModel] = useState(DEFAULT_AI_MODEL_ID);
  const [showTools] = useState(allMessagesVisible);

  const messages = useDialogMessages(dialogId);
  useDialogChannel(dialogId);
  const dialogs = useDialogs(accountId, '', dialogId !== null);
  const create = useCreateDialog(accountId ?? 0);
  const sendMessage = useSendMessage(dialogId);
  const typing = isTyping(messages.data ?? []) || create.isPending || sendMessage.isPending;

  const openDialog = (id: number) => {
    setDialogId(id);
    setTab('dialog');
  };
  const newChat = () => {
    setDialogId(null);
    setTab('newDialog');
  };

  const send = (message: string, files: number[]) => {
    const body = { message, files, ...(canChooseModel ? { model } : {}) };
    // Spec 001 §4: sending in a new chat creates the dialog, then switches to it.
    if (tab !== 'dialog' || dialogId === null) {
      create.mutate(body, { onSuccess: (dialog) => openDialog(dialog.id) });
    } else sendMessage.mutate(body);
  };

  if (accountId === null) return null;
  const current = dialogs.data?.find((d) => d.id === dialogId) ?? null;

  return (
    <Paper
      component="section"
      aria-label="Scout"
      radius={0}
      style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <Group
        px="sm"
        py={6}
        gap="xs"
        justify="space-between"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Text fw={700}>Scout</Text>
        <Group gap="xs" wrap="nowrap">
          {canChooseModel && (
            <Select
              size="xs"
              w={150}
              aria-label="Model"
              allowDeselect={false}
              data={AI_MODEL_OPTIONS.map((m) => ({ value: m.id, label: m.label }))}
              value={model}
              onChange={(value) => value && setModel(value)}
            />
          )}
          {onClose && (
            <Tooltip label="Close Scout">
              <ActionIcon variant="subtle" color="gray" aria-label="Close Scout" onClick={onClose}>
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {tab === 'dialog' && dialogId !== null && (
        <Box px="sm" py={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <DialogTitle
            accountId={accountId}
            dialog={current ?? { id: dialogId, title: '' }}
            onDeleted={newChat}
          />
        </Box>
      )}
      <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto">
        {tab === 'home' && (
          <HomeTab accountId={accountId} disabled={typing} onAsk={(q) => send(q, [])} />
        )}
        {tab === 'newDialog' && <NewDialogTab disabled={typing} onAsk={(q) => send(q, [])} />}
        {tab === 'dialog' && (
          <DialogTab
            messages={messages.data ?? []}
            loading={messages.isPending && dialogId !== null}
            typing={typing}
            showTools={showTools}
            now={now}
          />
        )}
        {tab === 'history' && (
          <HistoryTab
            accountId={accountId}
            now={now}
            onOpen={openDialog}
            onDeleted={(id) => {
              if (id === dialogId) setDialogId(null);
            }}
          />
        )}
      </ScrollArea>
      {tab !== 'history' && <MessageInput typing={typing} onSend={send} />}
      <Group gap="xs" px="xs" pb="xs" grow>
        <Button
          size="xs"
          variant={tab === 'newDialog' ? 'filled' : 'default'}
          leftSection={<IconMessagePlus size={14} />}
          onClick={newChat}
        >
          {CHAT_MESSAGES.newChat}
        </Button>
        <Button
          size="xs"
          variant={tab === 'history' ? 'filled' : 'default'}
          leftSection={<IconHistory size={14} />}
          onClick={() => setTab('history')}
        >
          {CHAT_MESSAGES.historyButton}
        </Button>
      </Group>
    </Paper>
  );
}
