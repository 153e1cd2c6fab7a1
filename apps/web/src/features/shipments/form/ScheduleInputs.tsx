import { Stack } from '@mantine/core';
import { browserZone } from '../../../components/dateRange';
import { DateTimeInput } from '../../../components/DateTimeInput';

interface ScheduleInputsProps {
  start: Date | null;
  end: Date | null;
  onStart: (date: Date | null) => void;
  onEnd: (date: Date | null) => void;
  onBlur: (field: 'start_at' | 'end_at') => void;
  startError?: string | undefined;
  endError?: string | undefined;
}

/**
 * The shipment's start and scheduled end in the one date-time input, on the browser's clocks.
 * Not the shared DateRangePicker: that one chooses ranges of history (presets up to now, 3
 * months back), a schedule lies ahead.
 */
export function ScheduleInputs({
  start,
  end,
  onStart,
  onEnd,
  onBlur,
  startError,
  endError,
}: ScheduleInputsProps) {
  const zone = browserZone();
  return (
    // One under the other: 'MM/dd/yyyy @ h:mm a' wraps in half of the 440 px panel.
    <Stack gap="sm">
      <DateTimeInput
        label="Start date"
        value={start}
        onChange={onStart}
        onDropdownClose={() => onBlur('start_at')}
        error={startError}
        zone={zone}
        clearable
        withAsterisk
      />
      <DateTimeInput
        label="End date"
        value={end}
        onChange={onEnd}
        onDropdownClose={() => onBlur('end_at')}
        error={endError}
        zone={zone}
        clearable
        withAsterisk
      />
    </Stack>
  );
}
