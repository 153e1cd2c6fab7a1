import { Group, MultiSelect, SegmentedControl } from '@mantine/core';
import type { SummaryPeriod } from '@waymark/domain';
import type { FleetQuery } from '../../../api/fleetReports';
import { useDeviceList } from '../../../api/devices';
import { useGroups } from '../../../api/groups';
import { useCurrentAccount } from '../../../app/session/useSession';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { dayIn, daysSpan } from './fleetFormat';

interface FleetFiltersProps {
  accountId: number;
  query: FleetQuery;
  onChange: (query: FleetQuery) => void;
  /** The days the answer covers (the last 7 until a range is chosen) and their zone. */
  shown: { dateFrom: string; dateTo: string; zone: string } | null;
  period: SummaryPeriod;
  onPeriod: (period: SummaryPeriod) => void;
}

const options = (items: { id: number; name: string }[] | undefined) =>
  (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));

/** Trackers or groups, the range (whole local days of the account) and the summary's period. */
export function FleetFilters({
  accountId,
  query,
  onChange,
  shown,
  period,
  onPeriod,
}: FleetFiltersProps) {
  const account = useCurrentAccount();
  const devices = useDeviceList(accountId);
  const groups = useGroups(accountId, Boolean(account?.is_b2b_account));
  const zone = shown?.zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const range = shown ? daysSpan(shown.dateFrom, shown.dateTo, zone) : null;

  return (
    <Group align="flex-end" gap="sm">
      <MultiSelect
        label="Trackers"
        placeholder={query.deviceIds.length === 0 ? 'All trackers' : undefined}
        data={options(devices.data)}
        value={query.deviceIds.map(String)}
        onChange={(ids) => onChange({ ...query, deviceIds: ids.map(Number) })}
        searchable
        clearable
        limit={200}
        miw={240}
      />
      {account?.is_b2b_account && (
        <MultiSelect
          label="Groups"
          placeholder={query.groupIds.length === 0 ? 'All groups' : undefined}
          data={options(groups.data)}
          value={query.groupIds.map(String)}
          onChange={(ids) => onChange({ ...query, groupIds: ids.map(Number) })}
          searchable
          clearable
          miw={200}
        />
      )}
      {range && (
        <DateRangePicker
          value={range}
          maxDate={new Date()}
          onChange={(picked) =>
            onChange({
              ...query,
              dateFrom: dayIn(picked.start, zone),
              dateTo: dayIn(picked.end, zone),
            })
          }
        />
      )}
      <SegmentedControl
        aria-label="Summary period"
        value={period}
        onChange={(value) => onPeriod(value as SummaryPeriod)}
        data={[
          { value: 'day', label: 'Day' },
          { value: 'week', label: 'Week' },
          { value: 'month', label: 'Month' },
        ]}
      />
    </Group>
  );
}
