import type { ReactNode } from 'react';
import {
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import type { PageMeta } from '@waymark/domain';
import { EmptyState, NOTHING_YET_TEXT, nothingYet } from '../../components/EmptyState';
import { PAGE_SIZES, type ListPaging } from './useListPaging';

interface ManageListProps {
  /** The list's title, also the {title} of 'There are no {title} yet'. */
  title: string;
  headers: string[];
  /** Controls beside the title (a filter). */
  actions?: ReactNode;
  loading: boolean;
  /** A filter is narrowing the list: an empty answer then says the filter hides everything. */
  filtered: boolean;
  /** What the filter hides, for 'The active filter is hiding all {hidden}'. */
  hidden: string;
  meta: PageMeta | undefined;
  paging: ListPaging;
  children: ReactNode;
  count: number;
}

/**
 * The manage area's generic list page (spec 002 §2.3): header, a table with sortable-looking
 * headers, a pager with page sizes, and the empty and filtered-out states.
 */
export function ManageList(props: ManageListProps) {
  const { title, headers, meta, paging } = props;
  const empty = !props.loading && props.count === 0;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {title}
          </Title>
          {props.actions}
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {headers.map((header) => (
                  <Table.Th key={header}>
                    <Group gap={4} wrap="nowrap">
                      {header}
                      {header && <IconSelector size={14} aria-hidden />}
                    </Group>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{props.children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {props.loading && (
          <Center py="md">
            <Loader size="sm" aria-label={`Loading ${title.toLowerCase()}`} />
          </Center>
        )}
        {empty &&
          (props.filtered ? (
            <EmptyState
              title="No results match"
              text={`The active filter is hiding all ${props.hidden}`}
            />
          ) : (
            <EmptyState title={nothingYet(title)} text={NOTHING_YET_TEXT} />
          ))}
        {meta && meta.total > 0 && (
          <Group justify="space-between">
            <Group gap="xs">
              <Select
                aria-label="Rows per page"
                size="xs"
                w={80}
                data={PAGE_SIZES.map(String)}
                value={String(paging.perPage)}
                onChange={(value) => value && paging.setPerPage(Number(value))}
                allowDeselect={false}
              />
              <Text size="sm" c="dimmed">
                {meta.from ?? 0} to {meta.to ?? 0} / {meta.total} result(s)
              </Text>
            </Group>
            {meta.last_page > 1 && (
              <Pagination
                total={meta.last_page}
                value={paging.page}
                onChange={paging.setPage}
                size="sm"
              />
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
