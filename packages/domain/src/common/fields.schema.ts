import { z } from 'zod';

/**
 * Schema pieces every request field is built from, so bad input stops at the schema with a
 * 422 naming the field instead of reaching the database: PostgreSQL refuses NUL in text, an
 * integer column holds at most 2147483647, a real column about ±3.4e38.
 */

/** The largest PostgreSQL `integer`: every id column. */
export const MAX_ID = 2_147_483_647;

/** The longest search text a list call takes. */
export const SEARCH_QUERY_MAX = 200;

export const FIELD_MESSAGES = {
  controlCharacters: 'must not contain control characters',
  controlCharactersMultiline: 'must not contain control characters other than tab and new line',
  unpairedSurrogate: 'must be valid Unicode text (it has an unpaired surrogate)',
  tooLong: (max: number) => `may have at most ${max} characters`,
  /** A required value that is missing; read with its field's name ('Model is required'). */
  required: 'is required',
  id: `must be an id: a whole number from 1 to ${MAX_ID}`,
  idList: `must be a list of ids, each a whole number from 1 to ${MAX_ID}`,
  idCommaList: `must be a comma-separated list of ids, each a whole number from 1 to ${MAX_ID}`,
  number: (min: number, max: number) => `must be a number from ${min} to ${max}`,
  wholeNumber: (min: number, max: number) => `must be a whole number from ${min} to ${max}`,
} as const;

// C0 controls and DEL. PostgreSQL refuses U+0000 in text; the others have no place in a name.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// A multi-line note keeps tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

// Half of a UTF-16 surrogate pair alone: JSON may carry it (`"\ud800"`), PostgreSQL's jsonb
// refuses it and UTF-8 cannot encode it, so it is refused before it reaches either.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text has no half of a surrogate pair alone (it is valid Unicode). */
export const isWellFormedText = (text: string) => !LONE_SURROGATE.test(text);

export interface TextOptions {
  /** Longest length accepted (after trimming). */
  max: number;
  /** Allow tab and line breaks (notes); otherwise every control character is refused. */
  multiline?: boolean;
  /** Trim surrounding white space first (the default); passwords and tokens are kept as sent. */
  trim?: boolean;
  /** The message when the value is missing or not a string (a spec text where there is one). */
  error?: string;
  /** The message when longer than `max` (a spec text where there is one). */
  tooLong?: string;
}

/**
 * A text field: a string of at most `max` characters without control characters or unpaired
 * surrogates. Chain `.min(1, ...)`, `.regex()` or `.nullable()` as the field needs.
 */
export function textSchema(options: TextOptions) {
  const base = options.error ? z.string({ error: options.error }) : z.string();
  const trimmed = options.trim === false ? base : base.trim();
  return trimmed
    .max(options.max, options.tooLong ?? FIELD_MESSAGES.tooLong(options.max))
    .regex(
      options.multiline ? MULTI_LINE : SINGLE_LINE,
      options.multiline
        ? FIELD_MESSAGES.controlCharactersMultiline
        : FIELD_MESSAGES.controlCharacters,
    )
    .refine(isWellFormedText, FIELD_MESSAGES.unpairedSurrogate);
}

/** A search text of list calls (`query`, `search`): trimmed, one line, at most 200 characters. */
export const searchQuerySchema = textSchema({ max: SEARCH_QUERY_MAX });

/** Missing (absent or null) says so; anything else is the given message. */
const missingOr =
  (message: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null ? FIELD_MESSAGES.required : message;

/**
 * An id in a JSON body: a whole number from 1 to 2147483647. A missing one 'is required',
 * which `fieldErrorsOf` names after its field ('Model is required').
 */
export const idSchema = z
  .number({ error: missingOr(FIELD_MESSAGES.id) })
  .int(FIELD_MESSAGES.id)
  .min(1, FIELD_MESSAGES.id)
  .max(MAX_ID, FIELD_MESSAGES.id);

/** An id in a path or query string, where it arrives as text. */
export const idParamSchema = z.coerce
  .number({ error: FIELD_MESSAGES.id })
  .int(FIELD_MESSAGES.id)
  .min(1, FIELD_MESSAGES.id)
  .max(MAX_ID, FIELD_MESSAGES.id);

/** A list of ids in a JSON body. Chain `.max(n)` for the most one call may take. */
export const idListSchema = z.array(idSchema, { error: missingOr(FIELD_MESSAGES.idList) });

/** Ids in a query string: a comma list (`1,2,3`) or the parameter repeated. */
export const idListParamSchema = z
  .union([z.string(), z.array(z.string())], { error: FIELD_MESSAGES.idCommaList })
  .transform((value, ctx) => {
    const parts = (Array.isArray(value) ? value : value.split(','))
      .map((s) => s.trim())
      .filter(Boolean);
    const ids = parts.map(Number);
    if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_ID)) {
      ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.idCommaList });
      return z.NEVER;
    }
    return ids;
  });

export interface NumberRange {
  min: number;
  max: number;
  /** The message when outside the range or not a number (a spec text where there is one). */
  error?: string;
}

/** A finite number in a JSON body within the range its column and its meaning allow. */
export function boundedNumberSchema({ min, max, error }: NumberRange) {
  const message = error ?? FIELD_MESSAGES.number(min, max);
  return z.number({ error: message }).min(min, message).max(max, message);
}

/** A whole number in a JSON body within a range (an integer column holds ±2147483647). */
export function boundedIntSchema({ min, max, error }: NumberRange) {
  const message = error ?? FIELD_MESSAGES.wholeNumber(min, max);
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** The message of a date-time that is not one. */
export const DATE_TIME_MESSAGE = 'must be a date (ISO 8601 or yyyy-MM-dd HH:mm:ss)';

/**
 * A date-time, in a JSON body or a query string: ISO 8601, or 'yyyy-MM-dd HH:mm:ss' which the
 * web app sends and which is read as UTC (a server must not guess the caller's zone).
 * `error`: the message when the value is missing or not a string (a spec text where there is one).
 */
export function dateTimeSchema(options: { error?: string } = {}) {
  const base = options.error ? z.string({ error: options.error }) : z.string();
  return base.trim().transform((value, ctx) => {
    const iso = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)
      ? `${value.replace(' ', 'T')}Z`
      : value;
    const date = new Date(iso);
    // Years a PostgreSQL timestamp holds and a person means; JavaScript reaches -271821.
    const year = date.getUTCFullYear();
    if (Number.isNaN(date.getTime()) || year < 1 || year > 9999) {
      ctx.addIssue({
        code: 'custom',
        message: options.error && !value ? options.error : DATE_TIME_MESSAGE,
      });
      return z.NEVER;
    }
    return date;
  });
}
