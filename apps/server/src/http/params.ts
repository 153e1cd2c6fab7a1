import { z } from 'zod';
import { idListParamSchema, idParamSchema } from '@waymark/domain';

/** The account (or other) id of a path: 1 to 2147483647, as the id columns hold. */
export const idParam = z.object({ id: idParamSchema });

/** Ids of a query string: a comma list (`1,2,3`) or repeated parameters, each an id. */
export const idListParam = idListParamSchema;

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
    // Years a PostgreSQL timestamp holds and a person means; JavaScript reaches -271821.
    const year = date.getUTCFullYear();
    if (Number.isNaN(date.getTime()) || year < 1 || year > 9999) {
      ctx.addIssue({ code: 'custom', message: 'must be a date (ISO 8601 or yyyy-MM-dd HH:mm:ss)' });
      return z.NEVER;
    }
    return date;
  });

/** The 90-day limit of position downloads (spec 000 §5, 002 §9). */
export const MAX_DOWNLOAD_DAYS = 90;
