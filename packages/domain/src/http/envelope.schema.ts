import { z } from 'zod';

/** Every error body: a message for people and, for 422, the messages per field. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `{ data }`: the shape of every successful response body. */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** `{ data, meta }`: the shape of every list response body. */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: pageMetaSchema });

/** Name of the header carrying the browser's IANA time zone. */
export const TIMEZONE_HEADER = 'x-timezone';
