import { z } from 'zod';

/** A positive numeric path id. */
export const idParam = z.object({ id: z.coerce.number().int().positive() });
