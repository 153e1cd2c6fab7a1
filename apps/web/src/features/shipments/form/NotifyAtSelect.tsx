import { Select } from '@mantine/core';
import { NOTIFY_AT_OPTIONS } from '@waymark/domain';

const data = NOTIFY_AT_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }));

/** 'Notification before end': hours before the scheduled end, 0 'No notification' (§9). */
export function NotifyAtSelect({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: number | null;
  onChange: (hours: number | null) => void;
  onBlur?: () => void;
  error?: string | undefined;
}) {
  return (
    <Select
      label="Notification before end"
      withAsterisk
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      onBlur={onBlur}
      error={error}
    />
  );
}
