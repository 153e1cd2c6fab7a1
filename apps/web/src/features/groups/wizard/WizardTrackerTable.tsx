import { useMemo, useState } from 'react';
import { ActionIcon, Checkbox, Stack, Table, TextInput, Tooltip } from '@mantine/core';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { wizardName } from '@waymark/domain';
import { WizardPager } from './WizardPager';
import {
  allChecked,
  clampPage,
  pageSlice,
  searchTrackers,
  toggled,
  type WizardTracker,
} from './wizardTable';

type Props = {
  rows: readonly WizardTracker[];
  /** Accessible name of the table. */
  label: string;
} & (
  | {
      /** Picking: the checkboxes are the selection. */
      mode: 'select';
      selected: ReadonlySet<number>;
      onSelect: (next: Set<number>) => void;
    }
  | {
      /** Reviewing: rows are taken out with the trash icon, one or the checked ones. */
      mode: 'delete';
      onDelete: (ids: number[]) => void;
    }
);

/**
 * The tracker table of the group wizard (spec 002 §2.9): search, select-all over the search
 * result, pages of 10, serial and name cut at 20 characters; a trash icon in delete mode.
 */
export function WizardTrackerTable(props: Props) {
  const { rows, label } = props;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // Delete mode keeps its own ticks: they mark rows to remove, not the group's trackers.
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());

  const found = useMemo(() => searchTrackers(rows, search), [rows, search]);
  const current = clampPage(page, found.length);
  const visible = pageSlice(found, current);
  const foundIds = found.map((r) => r.id);
  const checkedSet = props.mode === 'select' ? props.selected : ticked;
  const setChecked = (next: Set<number>) =>
    props.mode === 'select' ? props.onSelect(next) : setTicked(next);
  const everyChecked = allChecked(foundIds, checkedSet);
  const someChecked = !everyChecked && foundIds.some((id) => checkedSet.has(id));

  const remove = (ids: number[]) => {
    if (props.mode !== 'delete') return;
    props.onDelete(ids);
    setTicked((current) => toggled(current, ids, false));
  };
  const tickedFound = foundIds.filter((id) => ticked.has(id));

  return (
    <Stack gap="xs">
      <TextInput
        size="sm"
        placeholder="Search trackers..."
        aria-label={`Search ${label}`}
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      <Table striped highlightOnHover aria-label={label} verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                aria-label="Select all"
                checked={everyChecked}
                indeterminate={someChecked}
                disabled={found.length === 0}
                onChange={(e) => setChecked(toggled(checkedSet, foundIds, e.currentTarget.checked))}
              />
            </Table.Th>
            <Table.Th>Serial</Table.Th>
            <Table.Th>Tracker Name</Table.Th>
            {props.mode === 'delete' && (
              <Table.Th w={36}>
                <Tooltip label="Remove selected" disabled={tickedFound.length === 0}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label="Remove selected"
                    disabled={tickedFound.length === 0}
                    onClick={() => remove(tickedFound)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visible.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${row.name}`}
                  checked={checkedSet.has(row.id)}
                  onChange={(e) =>
                    setChecked(toggled(checkedSet, [row.id], e.currentTarget.checked))
                  }
                />
              </Table.Td>
              <Table.Td>{row.serial}</Table.Td>
              <Table.Td title={row.name}>{wizardName(row.name)}</Table.Td>
              {props.mode === 'delete' && (
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={`Remove ${row.name}`}
                    onClick={() => remove([row.id])}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <WizardPager page={current} total={found.length} onPage={setPage} />
    </Stack>
  );
}
