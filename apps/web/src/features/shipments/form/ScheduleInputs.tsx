import '@mantine/dates/styles.css';
import { Stack } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { browserZone, fromWall, RANGE_DISPLAY_FORMAT, toWall } from '../../../components/dateRange';

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
 * The shipment's start and scheduled end, on the browser's clocks in the pickers' format
 * (spec 001 §9 'MM/dd/yyyy @ h:mm a'). Not the shared DateRangePicker: that one chooses
 * ranges of history (presets up to now, 3 months back), a schedule lies ahead.
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
  const common = {
    valueFormat: RANGE_DISPLAY_FORMAT,
    clearable: true,
    withAsterisk: true,
    // Hours 0-23 and minutes 0-59 (spec 001 §5), named for screen readers and tests.
    timePickerProps: {
      format: '24h' as const,
      hoursInputLabel: 'Hours',
      minutesInputLabel: 'Minutes',
    },
    submitButtonProps: { 'aria-label': 'Apply date' },
    ariaLabels: { previousMonth: 'Previous month', nextMonth: 'Next month' },
    firstDayOfWeek: 0 as const,
  };
  return (
    // One under the other: 'MM/dd/yyyy @ h:mm a' wraps in half of the 440 px panel.
    <Stack gap="sm">
      <DateTimePicker
        label="Start date"
        value={start ? toWall(start, zone) : null}
        onChange={(wall) => onStart(wall ? fromWall(wall, zone) : null)}
        onDropdownClose={() => onBlur('start_at')}
        error={startError}
        {...common}
      />
      <DateTimePicker
        label="End date"
        value={end ? toWall(end, zone) : null}
        onChange={(wall) => onEnd(wall ? fromWall(wall, zone) : null)}
        onDropdownClose={() => onBlur('end_at')}
        error={endError}
        {...common}
      />
    </Stack>
  );
}
