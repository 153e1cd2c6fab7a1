import { Button, Stack, Text, Title } from '@mantine/core';
import { CHAT_MESSAGES, SCOUT_SUGGESTED_QUESTIONS } from '@waymark/domain';

/** 'New Conversation': Scout's intro and the suggested questions, each sent when clicked. */
export function NewDialogTab({
  onAsk,
  disabled,
}: {
  onAsk: (question: string) => void;
  disabled: boolean;
}) {
  return (
    <Stack gap="sm" p="sm">
      <Title order={4}>{CHAT_MESSAGES.newConversation}</Title>
      <Text size="sm">
        I&apos;m Scout, your fleet assistant. Ask me where your trackers are, which ones need
        attention, or how your shipments are doing. I can filter the list, move the map and draw
        areas for you.
      </Text>
      <Text size="xs" c="dimmed">
        Try asking
      </Text>
      {SCOUT_SUGGESTED_QUESTIONS.map((question) => (
        <Button
          key={question}
          variant="light"
          justify="flex-start"
          disabled={disabled}
          onClick={() => onAsk(question)}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          h="auto"
          py={6}
        >
          {question}
        </Button>
      ))}
    </Stack>
  );
}
