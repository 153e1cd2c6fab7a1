import { useMemo, useState, type FormEvent } from 'react';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '../../api/client';
import { useDeviceList } from '../../api/devices';
import { useCreateReport } from '../../api/reports';
import { toast } from '../../app/toast';
import { DateRangePicker } from '../../components/DateRangePicker';
import { presetRange, UTC_ZONE, type DateRange } from '../../components/dateRange';
import { REPORT_TEXTS } from './texts';
import { reportCreateBody, reportTrackerOptions } from './reportForm';

/**
 * The creation form (spec 001 §2, §5): a tracker and a UTC date range that cannot reach the
 * future. 'Save report' stays disabled until a tracker is chosen and while saving.
 */
export function ReportCreateForm({ accountId }: { accountId: number }) {
  const devices = useDeviceList(accountId);
  const create = useCreateReport(accountId);
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [range, setRange] = useState<DateRange>(
    () => presetRange('Today', new Date(), UTC_ZONE) ?? { start: new Date(), end: new Date() },
  );
  const [error, setError] = useState<string | null>(null);

  const trackers = useMemo(() => reportTrackerOptions(devices.data ?? []), [devices.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (deviceId === null || create.isPending) return;
    setError(null);
    create.mutate(reportCreateBody(deviceId, range, new Date()), {
      onSuccess: () => toast.success(REPORT_TEXTS.saved),
      onError: (failure) => {
        const fields = failure instanceof ApiError ? Object.values(failure.errors) : [];
        const message = fields[0]?.[0] ?? failure.message;
        setError(message);
        toast.error(message);
      },
    });
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-label="New report" noValidate>
      <Stack gap="sm">
        <Title order={3} size="h5">
          New report
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Tracker"
            placeholder={devices.isPending ? 'Loading trackers...' : 'Choose a tracker'}
            searchable
            nothingFoundMessage="No results"
            data={trackers}
            value={deviceId === null ? null : String(deviceId)}
            onChange={(id) => setDeviceId(id === null ? null : Number(id))}
            w={260}
          />
          <DateRangePicker
            value={range}
            onChange={(next) => setRange(next)}
            utc
            maxDate={new Date()}
            label="Date range"
          />
          <Button type="submit" disabled={deviceId === null || create.isPending}>
            Save report
          </Button>
        </Group>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
