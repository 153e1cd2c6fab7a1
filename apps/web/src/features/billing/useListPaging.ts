import { useState } from 'react';

/** Page sizes of the manage lists; the first is the default (spec 002 §9). */
export const PAGE_SIZES = [10, 25, 50] as const;

export interface ListPaging {
  page: number;
  perPage: number;
  setPage: (page: number) => void;
  /** Spec 002 §5: choosing a page size goes back to page 1. */
  setPerPage: (perPage: number) => void;
  /** Spec 002 §5: the page resets when a search or filter changes. */
  reset: () => void;
}

export function useListPaging(): ListPaging {
  const [page, setPage] = useState(1);
  const [perPage, setSize] = useState<number>(PAGE_SIZES[0]);
  return {
    page,
    perPage,
    setPage,
    setPerPage: (size) => {
      setSize(size);
      setPage(1);
    },
    reset: () => setPage(1),
  };
}
