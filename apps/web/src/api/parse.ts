import type { z } from 'zod';

/**
 * Checks a response against its domain schema. A mismatch is logged, not thrown, so a server
 * that adds or renames a field degrades one screen instead of locking everybody out.
 */
export function checked<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  console.warn(`Unexpected ${what} response`, result.error.issues);
  return value as z.infer<S>;
}
