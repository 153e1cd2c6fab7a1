/** The choices of a scheduled report and how the schedules list writes them. */
export const REPORTS = [
  { value: 'summary', label: 'Summary' },
  { value: 'trips', label: 'Trips' },
  { value: 'stops', label: 'Stops' },
];
export const FREQUENCIES = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];
export const FORMATS = [
  { value: 'xlsx', label: 'XLSX' },
  { value: 'pdf', label: 'PDF' },
];

export const labelOf = (items: { value: string; label: string }[], value: string) =>
  items.find((i) => i.value === value)?.label ?? value;

const counted = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** '2 trackers and 1 group', or `none` when a schedule names neither (every tracker). */
export function trackersText(
  ids: { device_ids: number[]; group_ids: number[] },
  none = 'every tracker',
) {
  if (ids.device_ids.length + ids.group_ids.length === 0) return none;
  return [
    ids.device_ids.length > 0 && counted(ids.device_ids.length, 'tracker'),
    ids.group_ids.length > 0 && counted(ids.group_ids.length, 'group'),
  ]
    .filter(Boolean)
    .join(' and ');
}
