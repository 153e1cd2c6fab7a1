import { z } from 'zod';

/** A positive numeric path id. */
export const idParam = z.object({ id: z.coerce.number().int().positive() });

/**
 * A date-time query value: ISO 8601, or 'yyyy-MM-dd HH:mm:ss' which the web app sends and
 * which is read as UTC (a server must not guess the caller's zone).
 */
export const dateParam = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const iso = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)
      ? `${value.replace(' ', 'T')}Z`
      : value;
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'must be a date (ISO 8601 or yyyy-MM-dd HH:mm:ss)' });
      return z.NEVER;
    }
    return date;
  });

/** The 90-day limit of position downloads (spec 000 §5, 002 §9). */
export const MAX_DOWNLOAD_DAYS = 90;

/** Ids given as a comma list (`1,2,3`) or repeated parameters. */
export const idListParam = z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
  const ids = (Array.isArray(v) ? v : v.split(','))
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  if (ids.some((id) => !Number.isInteger(id) || id <= 0)) {
    ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of ids' });
    return z.NEVER;
  }
  return ids;
});
