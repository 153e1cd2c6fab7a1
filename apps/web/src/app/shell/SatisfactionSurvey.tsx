import { useEffect, useState } from 'react';
import { Button, CloseButton, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { NPS_DELAY_MS } from '@waymark/domain';
import { useRespondToSurvey, useSurveyStatus } from '../../api/surveys';
import type { SessionView } from '../session/currentAccount';
import { toast } from '../toast';

const SCORES = Array.from({ length: 11 }, (_, i) => i);
export const SURVEY_QUESTION = 'How likely are you to recommend us to a friend or colleague?';

/** Who may be asked at all; the server has the last word (and the last answer). */
const askable = (view: SessionView) =>
  !view.isImitating &&
  !view.me.is_gpx_admin &&
  view.features !== null &&
  view.features.usesGpxApp &&
  view.features.includedInCs;

/**
 * The satisfaction survey (NPS, spec 002 §2.11): 5 s into a session of an account with
 * uses_gpx_app and included_in_cs, never for an imitating or platform admin. A score of 0 to
 * 10 with an optional comment, or dismissed; either keeps it away (the server remembers).
 * A card in the corner rather than a modal, so it never blocks the screen under it.
 */
export function SatisfactionSurvey({ view }: { view: SessionView }) {
  const accountId = view.account?.id ?? null;
  const status = useSurveyStatus(accountId, askable(view));
  const [due, setDue] = useState(false);
  const shown = status.data?.show === true;

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setDue(true), NPS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  if (!shown || !due || accountId === null) return null;
  return <SurveyCard accountId={accountId} />;
}

function SurveyCard({ accountId }: { accountId: number }) {
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const respond = useRespondToSurvey(accountId);
  const submit = () =>
    respond.mutate(
      { score, comment: comment.trim() || null },
      { onSuccess: () => toast.success('Thank you for your feedback!') },
    );
  return (
    <Paper
      role="dialog"
      aria-label="Satisfaction survey"
      shadow="lg"
      withBorder
      p="md"
      pos="fixed"
      bottom={16}
      left={16}
      maw="calc(100vw - 32px)"
      w={440}
      style={{ zIndex: 1900 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600}>{SURVEY_QUESTION}</Text>
          <CloseButton
            aria-label="Dismiss survey"
            onClick={() => respond.mutate({ dismissed: true })}
          />
        </Group>
        <Group gap={4} wrap="wrap" role="group" aria-label="Score from 0 to 10">
          {SCORES.map((value) => (
            <Button
              key={value}
              size="compact-sm"
              w={34}
              px={0}
              variant={score === value ? 'filled' : 'default'}
              aria-pressed={score === value}
              onClick={() => setScore(value)}
            >
              {value}
            </Button>
          ))}
        </Group>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            Not at all likely
          </Text>
          <Text size="xs" c="dimmed">
            Extremely likely
          </Text>
        </Group>
        <Textarea
          label="Comment (optional)"
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button disabled={score === null} loading={respond.isPending} onClick={submit}>
            Submit
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
