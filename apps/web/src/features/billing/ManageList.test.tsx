import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { ManageList } from './ManageList';
import type { ListPaging } from './useListPaging';

afterEach(cleanup);

const paging: ListPaging = {
  page: 1,
  perPage: 10,
  setPage: () => undefined,
  setPerPage: () => undefined,
  reset: () => undefined,
};

const list = (filtered: boolean) =>
  render(
    <MantineProvider>
      <ManageList
        title="Subscriptions"
        headers={['Device Name']}
        loading={false}
        filtered={filtered}
        hidden="subscriptions"
        meta={{ current_page: 1, last_page: 1, from: null, to: null, total: 0 }}
        paging={paging}
        count={0}
      >
        {null}
      </ManageList>
    </MantineProvider>,
  );

describe('the generic manage list', () => {
  it('says there is nothing yet when nothing filters it', () => {
    list(false);
    expect(screen.getByText('There are no subscriptions yet')).toBeTruthy();
    expect(screen.getByText('They will appear later, based on actions.')).toBeTruthy();
  });

  it('says the filter hides everything when one is on', () => {
    list(true);
    expect(screen.getByText('No results match')).toBeTruthy();
    expect(screen.getByText('The active filter is hiding all subscriptions')).toBeTruthy();
  });
});
