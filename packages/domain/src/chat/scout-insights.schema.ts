import { z } from 'zod';

/**
 * One insight of Scout's home tab (issue 38): a figure of the account's own fleet now, the
 * sentence that tells it, and the question whose answer it is (asked when clicked). The
 * figure is computed by the same fleet query the question runs, so the answer agrees.
 */
export const scoutInsightSchema = z.object({
  key: z.enum(['silent', 'low_battery', 'moving', 'top_distance', 'late_shipments']),
  value: z.string(),
  text: z.string(),
  question: z.string(),
});
export type ScoutInsight = z.infer<typeof scoutInsightSchema>;
