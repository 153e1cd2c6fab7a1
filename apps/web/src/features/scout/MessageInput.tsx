import { useLayoutEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Box,
  CloseButton,
  FileButton,
  Group,
  Loader,
  Paper,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconPaperclip, IconSend } from '@tabler/icons-react';
import { INPUT_MAX_HEIGHT, INPUT_MIN_HEIGHT } from './constants';
import { ACCEPTED_FILES } from './files';
import { useAttachments } from './useAttachments';

/**
 * The message box (spec 001 §4, §5): Enter sends (Shift+Enter is a new line) when the text is
 * non-empty after trimming; the box grows with the text from 20 to 160 px; files are attached
 * and uploaded before sending. Sending is off while Scout is typing or a file uploads.
 */
export function MessageInput({
  onSend,
  typing,
}: {
  onSend: (message: string, fileIds: number[]) => void;
  typing: boolean;
}) {
  const [text, setText] = useState('');
  const files = useAttachments();
  const area = useRef<HTMLTextAreaElement>(null);
  const canSend = text.trim().length > 0 && !typing && !files.uploading;

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(INPUT_MAX_HEIGHT, Math.max(INPUT_MIN_HEIGHT, el.scrollHeight))}px`;
  }, [text]);

  const send = () => {
    if (!canSend) return;
    onSend(text.trim(), files.fileIds);
    setText('');
    files.clear();
  };

  return (
    <Paper withBorder radius="md" p={6} m="xs">
      {files.attachments.length > 0 && (
        <Group gap={4} mb={4} aria-label="Attached files" role="list">
          {files.attachments.map((file) => (
            <Group
              key={file.key}
              role="listitem"
              gap={4}
              px={6}
              py={2}
              wrap="nowrap"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}
              data-status={file.status}
            >
              {file.status === 'uploading' && <Loader size={12} aria-label="Uploading" />}
              {file.status === 'error' && (
                <IconAlertCircle
                  size={14}
                  color="var(--mantine-color-red-6)"
                  aria-label="Upload failed"
                />
              )}
              <Text size="xs" maw={140} truncate>
                {file.original_name}
              </Text>
              <CloseButton
                size="xs"
                aria-label={`Remove ${file.original_name}`}
                disabled={file.status === 'uploading'}
                onClick={() => files.remove(file.key)}
              />
            </Group>
          ))}
        </Group>
      )}
      <Group gap={4} align="flex-end" wrap="nowrap">
        <FileButton onChange={(picked) => files.add(picked)} accept={ACCEPTED_FILES} multiple>
          {(props) => (
            <Tooltip label="Attach files">
              <ActionIcon {...props} variant="subtle" aria-label="Attach files">
                <IconPaperclip size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Box style={{ flex: 1 }}>
          <textarea
            ref={area}
            aria-label="Message Scout"
            placeholder="Ask Scout about your fleet..."
            value={text}
            rows={1}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                send();
              }
            }}
            style={{
              width: '100%',
              resize: 'none',
              border: 'none',
              outline: 'none',
              font: 'inherit',
              fontSize: 14,
              lineHeight: '20px',
              minHeight: INPUT_MIN_HEIGHT,
              maxHeight: INPUT_MAX_HEIGHT,
              background: 'transparent',
              padding: 0,
            }}
          />
        </Box>
        <ActionIcon aria-label="Send" disabled={!canSend} onClick={send}>
          <IconSend size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
