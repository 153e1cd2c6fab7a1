import { useMemo, useState, type ReactNode } from 'react';
import { Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';

export interface FleetColumn<T> {
  title: string;
  /** What the column sorts by. */
  sortValue: (row: T) => number | string | null;
  render: (row: T) => ReactNode;
  /** The totals row's cell. */
  total?: ReactNode;
  numeric?: boolean;
}

interface FleetTableProps<T> {
  label: string;
  columns: FleetColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  /** Opens the tracker's details at the row's time. */
  onOpen: (row: T) => void;
  empty: string;
}

type Sort = { column: number; descending: boolean } | null;

function compare(a: number | string | null, b: number | string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a).localeCompare(String(b));
}

/**
 * A fleet report's table: rows in the API's order until a column header is clicked (again
 * for the other way), a totals row over the whole range, each row opening the tracker.
 */
export function FleetTable<T>({ label, columns, rows, rowKey, onOpen, empty }: FleetTableProps<T>) {
  const [sort, setSort] = useState<Sort>(null);
  const sorted = useMemo(() => {
    if (!sort) return rows;
    const value = columns[sort.column]!.sortValue;
    const ordered = [...rows].sort((a, b) => compare(value(a), value(b)));
    return sort.descending ? ordered.reverse() : ordered;
  }, [rows, columns, sort]);

  const toggle = (column: number) =>
    setSort((current) =>
      current?.column === column
        ? { column, descending: !current.descending }
        : { column, descending: false },
    );

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) => (
              <Table.Th
                key={c.title}
                ta={c.numeric ? 'right' : undefined}
                aria-sort={
                  sort?.column === i ? (sort.descending ? 'descending' : 'ascending') : undefined
                }
              >
                <UnstyledButton onClick={() => toggle(i)} fw={600} fz="sm">
                  {c.title}
                  {sort?.column === i &&
                    (sort.descending ? <IconArrowDown size={12} /> : <IconArrowUp size={12} />)}
                </UnstyledButton>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" size="sm">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            sorted.map((row, index) => (
              <Table.Tr
                key={rowKey(row, index)}
                onClick={() => onOpen(row)}
                onKeyDown={(event) => event.key === 'Enter' && onOpen(row)}
                tabIndex={0}
                style={{ cursor: 'pointer' }}
              >
                {columns.map((c) => (
                  <Table.Td key={c.title} ta={c.numeric ? 'right' : undefined}>
                    {c.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr aria-label="Totals">
            {columns.map((c) => (
              <Table.Th key={c.title} ta={c.numeric ? 'right' : undefined}>
                {c.total ?? ''}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
