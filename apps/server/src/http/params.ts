import { z } from 'zod';
import { dateTimeSchema, idListParamSchema, idParamSchema } from '@waymark/domain';

/** The account (or other) id of a path: 1 to 2147483647, as the id columns hold. */
export const idParam = z.object({ id: idParamSchema });

/** Ids of a query string: a comma list (`1,2,3`) or repeated parameters, each an id. */
export const idListParam = idListParamSchema;

/**
 * A date-time query value: ISO 8601, or 'yyyy-MM-dd HH:mm:ss' which the web app sends and
 * which is read as UTC (the same schema request bodies use).
 */
export const dateParam = dateTimeSchema();

/** The 90-day limit of position downloads (spec 000 §5, 002 §9). */
export const MAX_DOWNLOAD_DAYS = 90;
