import { useEffect, useState } from 'react';
import {
  Button,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconHelpCircle, IconSearch } from '@tabler/icons-react';
import { DEFAULT_DWELL_PERIOD, DWELL_MESSAGES, DWELL_PERIODS } from '@waymark/domain';
import { useDwellTable } from '../../api/dwell';
import { modals } from '../../app/modals/modalQueue';
import { useAbility, useCurrentAccount } from '../../app/session/useSession';
import { toast } from '../../app/toast';
import { EmptyState } from '../../components/EmptyState';
import { failureMessage } from '../trackers/details/feedback';
import { PAGE_SIZES } from '../trackers/list/filters';
import { DWELL_COLUMNS, DwellRow } from './DwellRow';
import { SETTING_LABELS } from './dwellDisplay';

/** Spec 000 §9: search debounce. */
const SEARCH_DEBOUNCE_MS = 300;

/** The dwell dashboard (spec 000 §2.9): geofences with their dwell over 30, 60 or 90 days. */
export function DwellPage() {
  const account = useCurrentAccount();
  const ability = useAbility();
  const accountId = account?.id ?? 0;
  const [period, setPeriod] = useState<number>(DEFAULT_DWELL_PERIOD);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  // The page belongs to one period, search and page size: a change starts at page 1.
  const pageKey = `${period}|${query}|${pageSize}`;
  const [paging, setPaging] = useState({ key: pageKey, page: 1 });
  const page = paging.key === pageKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: pageKey, page: next });
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const table = useDwellTable(accountId, period, query);
  const editable = ability?.can('manage', 'Geofences') ?? false;

  useEffect(() => {
    if (!table.isError) return;
    const message = failureMessage(table.error, DWELL_MESSAGES.fetchFailed);
    if (message) toast.error(message);
  }, [table.isError, table.error]);

  const rows = table.data ?? [];
  const lastPage = Math.max(1, Math.ceil(rows.length / pageSize));
  const visible = rows.slice((page - 1) * pageSize, page * pageSize);
  const toggle = (id: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Paper withBorder radius="md" p="md">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <SegmentedControl
              aria-label="Look-back period"
              value={String(period)}
              onChange={(value) => setPeriod(Number(value))}
              data={DWELL_PERIODS.map((days) => ({ value: String(days), label: `${days} days` }))}
            />
            <TextInput
              aria-label="Search geofences"
              placeholder="Search geofences..."
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
          </Group>
          <Button
            variant="subtle"
            leftSection={<IconHelpCircle size={18} />}
            onClick={() => modals.open('dwell-help')}
          >
            How We Calculate Dwell
          </Button>
        </Group>

        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="xs" aria-label="Dwell by geofence">
            <Table.Thead>
              <Table.Tr>
                <Table.Th aria-label="Expand" />
                <Table.Th>Geofence</Table.Th>
                <Table.Th>Devices</Table.Th>
                <Table.Th>{SETTING_LABELS.min_assets}</Table.Th>
                <Table.Th>{SETTING_LABELS.max_assets}</Table.Th>
                <Table.Th>{SETTING_LABELS.allowable_dwell_days}</Table.Th>
                <Table.Th>Avg Dwell Time</Table.Th>
                <Table.Th>% of SLA</Table.Th>
                <Table.Th>Exceeding SLA</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.map((row) => (
                <DwellRow
                  key={row.id}
                  accountId={accountId}
                  row={row}
                  expanded={expanded.has(row.id)}
                  onToggle={() => toggle(row.id)}
                  editable={editable}
                />
              ))}
              {table.isPending && (
                <Table.Tr>
                  <Table.Td colSpan={DWELL_COLUMNS}>
                    <Text c="dimmed" size="sm">
                      Loading...
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        {table.isError && !table.data && (
          <Text c="red" size="sm" role="alert">
            {failureMessage(table.error, DWELL_MESSAGES.fetchFailed) ?? DWELL_MESSAGES.fetchFailed}
          </Text>
        )}
        {table.isSuccess &&
          rows.length === 0 &&
          (query ? (
            <EmptyState title="No geofences found" text="No geofence matches the search" />
          ) : (
            <EmptyState
              title="There are no geofences"
              text="Dwell is measured in geofences: create one to see it here"
            />
          ))}

        {rows.length > 0 && (
          <Group justify="space-between">
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                Rows per page
              </Text>
              <Select
                aria-label="Rows per page"
                w={80}
                size="xs"
                allowDeselect={false}
                value={String(pageSize)}
                onChange={(value) => value && setPageSize(Number(value))}
                data={PAGE_SIZES.map(String)}
              />
            </Group>
            {lastPage > 1 && (
              <Pagination total={lastPage} value={page} onChange={setPage} size="sm" />
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
