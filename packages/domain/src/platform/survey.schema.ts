import { z } from 'zod';
import { textSchema } from '../common/fields.schema';

/**
 * How long an answered or dismissed satisfaction survey (spec 002 §2.11) stays away for that
 * user: a quarter, so a customer is asked at most four times a year.
 */
export const SURVEY_QUIET_DAYS = 90;

/** GET /accounts/{id}/survey: whether the app shows the survey to this session now. */
export const surveyStatusSchema = z.object({ show: z.boolean() });
export type SurveyStatus = z.infer<typeof surveyStatusSchema>;

const SCORE_MESSAGE = 'The score must be a whole number from 0 to 10.';

/**
 * POST /accounts/{id}/survey-responses: a score of 0 to 10 with an optional comment, or
 * dismissed (no score). 422 on score otherwise.
 */
export const surveyResponseCreateSchema = z
  .object({
    score: z
      .number({ error: SCORE_MESSAGE })
      .int({ error: SCORE_MESSAGE })
      .min(0, { error: SCORE_MESSAGE })
      .max(10, { error: SCORE_MESSAGE })
      .nullish(),
    comment: textSchema({
      max: 2000,
      multiline: true,
      tooLong: 'The comment may be at most 2000 characters.',
    }).nullish(),
    dismissed: z.boolean().optional(),
  })
  .refine((v) => v.dismissed === true || (v.score !== undefined && v.score !== null), {
    path: ['score'],
    error: 'A score from 0 to 10 is required unless the survey is dismissed.',
  });
export type SurveyResponseCreate = z.infer<typeof surveyResponseCreateSchema>;

/** One answer as platform admins read them (GET /admin/survey-responses). */
export const surveyResponseSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  score: z.number().int().nullable(),
  comment: z.string().nullable(),
  dismissed: z.boolean(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  account: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type SurveyResponse = z.infer<typeof surveyResponseSchema>;
