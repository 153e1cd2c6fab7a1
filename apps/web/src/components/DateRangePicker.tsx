import { useEffect, useState } from 'react';
import { Box, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import {
  browserZone,
  compactRangeLabel,
  DATE_RANGE_PRESETS,
  earliestDate,
  formatRangeDate,
  presetRange,
  rangeError,
  RANGE_WARNING_MS,
  UTC_ZONE,
  type DateRange,
  type DateRangePreset,
} from './dateRange';
import { DateTimeInput } from './DateTimeInput';

interface DateRangePickerProps {
  value: DateRange;
  onChange: (range: DateRange, preset: DateRangePreset) => void;
  /** Shows and edits times on UTC clocks instead of the browser's. */
  utc?: boolean;
  /** Latest selectable moment, e.g. now on screens that cannot show the future. */
  maxDate?: Date;
  label?: string;
  /** The account's unlimited_date_selection feature: no earliest date (spec 000 §5). */
  unlimited?: boolean;
  /** Below the sm breakpoint (phones) the button shows compactRangeLabel(), so it fits a row. */
  compact?: boolean;
}

interface Draft extends DateRange {
  preset: DateRangePreset;
}

/**
 * The one date-range picker (spec 000 §2.10): presets, start and end inputs limited to the
 * last 3 months (12 with unlimited_date_selection), and a Select button that stays disabled
 * while the start is later than the end.
 */
export function DateRangePicker({
  value,
  onChange,
  utc = false,
  maxDate,
  label = 'Date range',
  unlimited = false,
  compact = false,
}: DateRangePickerProps) {
  const zone = utc ? UTC_ZONE : browserZone();
  const [opened, setOpened] = useState(false);
  // Taken when the picker opens: presets and the earliest date are relative to that moment.
  const [openedAt, setOpenedAt] = useState(() => new Date());
  const [draft, setDraft] = useState<Draft>({ ...value, preset: 'Custom Range' });
  // Counts invalid edits, so each one shows the warning for a fresh 5 s; null hides it.
  const [warning, setWarning] = useState<number | null>(null);
  const error = rangeError(draft);

  useEffect(() => {
    if (warning === null) return;
    const timer = setTimeout(() => setWarning(null), RANGE_WARNING_MS);
    return () => clearTimeout(timer);
  }, [warning]);

  const open = () => {
    setOpenedAt(new Date());
    setDraft({ ...value, preset: 'Custom Range' });
    setWarning(null);
    setOpened(true);
  };

  const change = (next: Draft) => {
    setDraft(next);
    setWarning((count) => (rangeError(next) ? (count ?? 0) + 1 : null));
  };

  const choosePreset = (preset: DateRangePreset) => {
    const range = presetRange(preset, openedAt, zone);
    change(range ? { ...range, preset } : { ...draft, preset });
  };

  const editEnd = (side: 'start' | 'end', date: Date | null) => {
    if (!date) return;
    change({ ...draft, [side]: date, preset: 'Custom Range' });
  };

  const select = () => {
    if (error) return;
    onChange({ start: draft.start, end: draft.end }, draft.preset);
    setOpened(false);
  };

  const bounds = {
    zone,
    minDate: earliestDate(openedAt, unlimited, zone),
    maxDate,
    // Rendered inside this popover, so picking a day does not count as a click outside it.
    withinPortal: false,
  };

  const fullLabel = `${formatRangeDate(value.start, zone)} – ${formatRangeDate(value.end, zone)}${utc ? ' UTC' : ''}`;

  const calendar = <IconCalendar size={16} />;

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          // Compact, the icon goes with the full label: on a phone its room is the label's.
          leftSection={compact ? undefined : calendar}
          // Compact on a phone, the padding gives way too: the widest label ('Nov 24, 12:00 AM –
          // 11:14 PM') still fits beside the toolbar's two icons on a 390 px screen.
          px={compact ? 10 : undefined}
          // The full label wraps onto a second line where it does not fit (a phone), never cut.
          styles={
            compact
              ? undefined
              : {
                  root: { height: 'auto', minHeight: 'var(--button-height)', maxWidth: '100%' },
                  label: { whiteSpace: 'normal', paddingBlock: 4 },
                }
          }
          onClick={() => (opened ? setOpened(false) : open())}
          aria-label={label}
        >
          {compact ? (
            <>
              <Box component="span" hiddenFrom="sm">
                {compactRangeLabel(value, zone)}
              </Box>
              <Group component="span" gap={10} wrap="nowrap" visibleFrom="sm">
                {calendar}
                {fullLabel}
              </Group>
            </>
          ) : (
            fullLabel
          )}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Group align="flex-start" wrap="nowrap">
          <Stack gap={4} role="group" aria-label="Presets">
            {DATE_RANGE_PRESETS.map((preset) => (
              <Button
                key={preset}
                size="xs"
                justify="flex-start"
                variant={draft.preset === preset ? 'filled' : 'subtle'}
                onClick={() => choosePreset(preset)}
              >
                {preset}
              </Button>
            ))}
          </Stack>
          <Stack gap="xs" w={260}>
            <DateTimeInput
              label={utc ? 'Start (UTC)' : 'Start'}
              value={draft.start}
              onChange={(date) => editEnd('start', date)}
              {...bounds}
            />
            <DateTimeInput
              label={utc ? 'End (UTC)' : 'End'}
              value={draft.end}
              onChange={(date) => editEnd('end', date)}
              {...bounds}
            />
            {warning !== null && error && (
              <Text c="red" size="sm" role="alert">
                {error}
              </Text>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button size="xs" disabled={error !== null} onClick={select}>
                Select
              </Button>
            </Group>
          </Stack>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
