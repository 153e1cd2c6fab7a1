import { Anchor, Code, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { downloadChatFile, type DialogFile, type DialogMessage } from '../../api/scout';
import { toast } from '../../app/toast';
import { CHAT_TOAST_MS } from './constants';
import { downloadError } from './ToolActionButton';

/** A message's text blocks, and its tool calls and results when all_messages_visible is on. */
export function MessageBlocks({
  message,
  showTools,
}: {
  message: DialogMessage;
  showTools: boolean;
}) {
  return (
    <Stack gap={4}>
      {message.content.map((block, index) => {
        if (block.type === 'text') {
          if (!block.text) return null;
          return (
            <Text key={index} size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {block.text}
            </Text>
          );
        }
        if (!showTools) return null;
        const body =
          block.type === 'tool_call'
            ? `${block.name}(${JSON.stringify(block.arguments)})`
            : `${block.name}: ${block.content}`;
        return (
          <Code key={index} block fz="xs" data-block={block.type} style={{ maxHeight: 160 }}>
            {block.type === 'tool_call' ? 'Tool call: ' : 'Tool result: '}
            {body}
          </Code>
        );
      })}
      <MessageFiles files={message.files} />
    </Stack>
  );
}

function MessageFiles({ files }: { files: readonly DialogFile[] }) {
  if (files.length === 0) return null;
  return (
    <Group gap={6}>
      {files.map((file) => (
        <Anchor
          key={file.id}
          component="button"
          type="button"
          size="xs"
          onClick={() =>
            downloadChatFile(file).catch((error: unknown) =>
              toast.error(downloadError(error), { timeout: CHAT_TOAST_MS }),
            )
          }
        >
          <Group gap={2} wrap="nowrap">
            <IconPaperclip size={12} />
            {file.original_name}
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}
