import { useState, type ReactNode } from 'react';
import {
  Container,
  Group,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PageMeta } from '@waymark/domain';
import type { AdminPageQuery } from '../../api/admin';
import { EmptyState } from '../../components/EmptyState';

const PER_PAGE = 25;

export interface AdminListPageProps<T> {
  title: string;
  /** What the list holds, in the plural ('accounts'): the table's name and its texts. */
  items: string;
  description?: ReactNode;
  searchPlaceholder: string;
  useList: (query: AdminPageQuery) => UseQueryResult<{ data: T[]; meta: PageMeta }>;
  /** Column headings; '' for a column of buttons. */
  columns: string[];
  minWidth: number;
  /** One item as its table row (a Table.Tr with a key). */
  row: (item: T) => ReactNode;
  /** The empty state when there is nothing at all (no search). */
  empty: { title: string; text: string };
  size?: 'md' | 'lg';
  /** Buttons beside the search (the Accounts screen's 'New Account'). */
  actions?: ReactNode;
  /** More of the page, below the list. */
  children?: ReactNode;
}

/**
 * The frame of the platform admin's lists (accounts, users, audit log): a heading, a search
 * debounced 300 ms that goes back to page 1 (spec 002 §5), the table, loading and failure,
 * 'No results match' under a search, and the pager.
 */
export function AdminListPage<T>(props: AdminListPageProps<T>) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = props.useList({ page, perPage: PER_PAGE, query });
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const Items = props.items.charAt(0).toUpperCase() + props.items.slice(1);

  return (
    <Container size={props.size ?? 'md'} py="xl" w="100%">
      <Paper withBorder radius="md" p="md">
        <Stack>
          <Group justify="space-between">
            <Title order={1} size="h3">
              {props.title}
            </Title>
            <Group gap="sm">
              <TextInput
                aria-label={`Search ${props.items}`}
                placeholder={props.searchPlaceholder}
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  setPage(1);
                }}
              />
              {props.actions}
            </Group>
          </Group>
          {props.description && (
            <Text size="sm" c="dimmed">
              {props.description}
            </Text>
          )}
          <Table.ScrollContainer minWidth={props.minWidth}>
            <Table verticalSpacing="sm" aria-label={Items}>
              <Table.Thead>
                <Table.Tr>
                  {props.columns.map((column, i) => (
                    <Table.Th key={i}>{column}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{rows.map(props.row)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.isPending && <Text c="dimmed">Loading...</Text>}
          {list.isError && (
            <EmptyState
              title={`${Items} could not be loaded`}
              text="Reload the page to try again."
            />
          )}
          {list.isSuccess &&
            rows.length === 0 &&
            (query ? (
              <EmptyState
                title="No results match"
                text={`The active filter is hiding all ${props.items}`}
              />
            ) : (
              <EmptyState {...props.empty} />
            ))}
          {meta && meta.last_page > 1 && (
            <Group justify="flex-end">
              <Pagination total={meta.last_page} value={page} onChange={setPage} size="sm" />
            </Group>
          )}
        </Stack>
      </Paper>
      {props.children}
    </Container>
  );
}
