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

/** Rows checked of a long list: its shape is the same in every row, so a sample tells. */
const SAMPLED_ROWS = 64;

/**
 * `checked` for a long list of rows of one shape (a tracker's history: 86,400 fixes for 10 days
 * at 10 s), checking the first, the last and rows spread between, up to SAMPLED_ROWS: parsing
 * every row took longer than drawing them. Logs a mismatch, as `checked` does.
 */
export function checkedRows<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
): z.infer<S>[] {
  if (!Array.isArray(value)) return checked(schema.array(), value, what);
  const step = Math.max(1, Math.floor(value.length / SAMPLED_ROWS));
  const sample = value.filter((_, i) => i % step === 0 || i === value.length - 1);
  checked(schema.array(), sample, what);
  return value as z.infer<S>[];
}
