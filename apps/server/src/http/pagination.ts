import { z } from 'zod';
import { searchQuerySchema, type PageMeta } from '@waymark/domain';

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(25),
  query: searchQuerySchema.optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Pagination metadata of every list response. */
export function pageMeta(total: number, page: number, perPage: number): PageMeta {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? null : (page - 1) * perPage + 1;
  const to = total === 0 ? null : Math.min(total, page * perPage);
  return {
    current_page: page,
    last_page: lastPage,
    from: from && from <= total ? from : null,
    to: from && from <= total ? to : null,
    total,
  };
}
