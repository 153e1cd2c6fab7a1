import { ActionIcon, Group, Select, Slider, Stack, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { formatSpeed } from '@waymark/domain';
import { useReplayTime } from './replayClock';
import { pointAt, type Timeline } from './replayTimeline';
import { REPLAY_SPEEDS, type Replay, type ReplaySpeed } from './useReplay';

const SPEED_OPTIONS = REPLAY_SPEEDS.map((s) => ({ value: String(s), label: `${s}×` }));

export const formatReplayTime = (time: number) => dayjs(time).format('MMM D, YYYY h:mm:ss A');

interface ReplayControlsProps {
  replay: Replay;
  timeline: Timeline;
  /** The whole range the scrubber spans (epoch ms). */
  range: { start: number; end: number };
}

/**
 * Play, pause, the speed and the scrubber over the range, with the time, speed and address of
 * the replay's moment under it.
 */
export function ReplayControls({ replay, timeline, range }: ReplayControlsProps) {
  const time = useReplayTime(replay.clock);
  const point = pointAt(timeline, time);
  return (
    <Stack gap={4} data-testid="replay-controls">
      {/* On a phone the scrubber takes a row of its own, the whole width, under the buttons. */}
      <Group gap="xs" wrap="wrap" style={{ rowGap: 'var(--mantine-spacing-sm)' }}>
        <ActionIcon
          variant="filled"
          aria-label={replay.playing ? 'Pause' : 'Play'}
          onClick={replay.playing ? replay.pause : replay.play}
        >
          {replay.playing ? (
            <IconPlayerPauseFilled size={16} />
          ) : (
            <IconPlayerPlayFilled size={16} />
          )}
        </ActionIcon>
        <Select
          aria-label="Replay speed"
          data={SPEED_OPTIONS}
          value={String(replay.speed)}
          onChange={(value) => value && replay.setSpeed(Number(value) as ReplaySpeed)}
          allowDeselect={false}
          w={80}
          size="xs"
        />
        <Slider
          flex="1 1 14rem"
          aria-label="Replay time"
          // The thumb is what assistive technology and a finger reach: it carries the name.
          thumbLabel="Replay time"
          // A thumb a finger can take (24 px, WCAG 2.2 target size): dragged on a touch screen.
          thumbSize={24}
          min={range.start}
          max={range.end}
          step={1000}
          value={Math.min(Math.max(time, range.start), range.end)}
          onChange={replay.seek}
          label={formatReplayTime}
        />
      </Group>
      {/* Time and speed stay whole on one line; on a phone the address takes the next. */}
      <Group gap="md" wrap="wrap" style={{ rowGap: 2 }} data-testid="replay-readout">
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {formatReplayTime(point?.time ?? time)}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatSpeed(point?.speed)}
        </Text>
        <Text size="sm" c="dimmed" truncate flex="1 1 12rem" miw={0}>
          {point?.address ?? ''}
        </Text>
      </Group>
    </Stack>
  );
}
