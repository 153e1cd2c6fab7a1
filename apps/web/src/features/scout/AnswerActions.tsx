import { useState } from 'react';
import { ActionIcon, Button, CopyButton, Group, Stack, Textarea, Tooltip } from '@mantine/core';
import {
  IconCheck,
  IconCopy,
  IconThumbDown,
  IconThumbDownFilled,
  IconThumbUp,
  IconThumbUpFilled,
} from '@tabler/icons-react';
import { useFeedback, type DialogMessage } from '../../api/scout';
import { COPY_CONFIRM_MS } from './constants';
import { textOf } from './thinking';

/**
 * Under an answer (spec 001 §4): good (rate 1; again removes it), bad (an optional comment,
 * then rate -1; again removes it) and copy with a 2-second confirmation.
 */
export function AnswerActions({ message }: { message: DialogMessage }) {
  const feedback = useFeedback(message.dialog_id);
  const [commenting, setCommenting] = useState(false);
  const [comment, setComment] = useState('');
  const rate = message.feedback?.rate ?? 0;

  const send = (next: { rate: 1 | -1; comment: string | null } | null) =>
    feedback.mutate({ messageId: message.id, feedback: next });

  const good = () => send(rate === 1 ? null : { rate: 1, comment: null });
  const bad = () => {
    if (rate === -1) send(null);
    else setCommenting((open) => !open);
  };
  const submitBad = () => {
    send({ rate: -1, comment: comment.trim() || null });
    setCommenting(false);
    setComment('');
  };

  return (
    <Stack gap={4}>
      <Group gap={2}>
        <Tooltip label="Good answer">
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label="Good answer"
            aria-pressed={rate === 1}
            disabled={feedback.isPending}
            onClick={good}
          >
            {rate === 1 ? <IconThumbUpFilled size={14} /> : <IconThumbUp size={14} />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Bad answer">
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label="Bad answer"
            aria-pressed={rate === -1}
            disabled={feedback.isPending}
            onClick={bad}
          >
            {rate === -1 ? <IconThumbDownFilled size={14} /> : <IconThumbDown size={14} />}
          </ActionIcon>
        </Tooltip>
        <CopyButton value={textOf(message)} timeout={COPY_CONFIRM_MS}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'}>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={copied ? 'Copied' : 'Copy'}
                onClick={() => {
                  // Spec 001 §8: outside a secure context copying only logs.
                  if (!window.isSecureContext) console.warn('Connection is not secure.');
                  else copy();
                }}
              >
                {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      {commenting && (
        <Stack gap={4}>
          <Textarea
            size="xs"
            autosize
            minRows={2}
            label="What was wrong with this answer? (optional)"
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
          <Group gap="xs">
            <Button size="xs" onClick={submitBad}>
              Submit
            </Button>
            <Button size="xs" variant="default" onClick={() => setCommenting(false)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
