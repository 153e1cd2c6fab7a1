import '@mantine/dates/styles.css';
import { DateTimePicker } from '@mantine/dates';
import { fromWall, RANGE_DISPLAY_FORMAT, toWall } from './dateRange';
import { segmentTyping } from './timeSegmentTyping';

interface DateTimeInputProps {
  label: string;
  value: Date | null;
  onChange: (date: Date | null) => void;
  /** The IANA zone (or 'UTC') whose clocks the input shows and reads. */
  zone: string;
  minDate?: Date | undefined;
  maxDate?: Date | undefined;
  clearable?: boolean;
  withAsterisk?: boolean;
  error?: string | undefined;
  onDropdownClose?: () => void;
  /**
   * False inside another popover (the range picker's): its calendar then opens within it, so
   * picking a day is not a click outside that popover.
   */
  withinPortal?: boolean;
}

/**
 * The one date-time input of every screen (the range picker's Start and End, a shipment's
 * schedule): a day picked on a calendar and a time typed or stepped in its Hours and Minutes
 * boxes (0-23 and 0-59, spec 001 §5), shown as 'MM/dd/yyyy @ h:mm a' (spec 000 §2.10), on
 * the clocks of `zone`. Typed digits are read as typed, wherever the caret is (segmentTyping).
 */
export function DateTimeInput({
  label,
  value,
  onChange,
  zone,
  minDate,
  maxDate,
  clearable = false,
  withAsterisk = false,
  error,
  onDropdownClose,
  withinPortal = true,
}: DateTimeInputProps) {
  return (
    <DateTimePicker
      label={label}
      value={value ? toWall(value, zone) : null}
      onChange={(wall) => onChange(wall ? fromWall(wall, zone) : null)}
      valueFormat={RANGE_DISPLAY_FORMAT}
      minDate={minDate ? toWall(minDate, zone) : undefined}
      maxDate={maxDate ? toWall(maxDate, zone) : undefined}
      clearable={clearable}
      withAsterisk={withAsterisk}
      error={error}
      {...(onDropdownClose ? { onDropdownClose } : {})}
      timePickerProps={{
        format: '24h',
        hoursInputLabel: 'Hours',
        minutesInputLabel: 'Minutes',
        hoursInputProps: segmentTyping,
        minutesInputProps: segmentTyping,
      }}
      submitButtonProps={{ 'aria-label': 'Apply date' }}
      ariaLabels={{
        previousMonth: 'Previous month',
        nextMonth: 'Next month',
        previousYear: 'Previous year',
        nextYear: 'Next year',
        previousDecade: 'Previous decade',
        nextDecade: 'Next decade',
      }}
      // Weeks start on Sunday, as the This week and Last week presets count them.
      firstDayOfWeek={0}
      popoverProps={{ withinPortal }}
    />
  );
}
