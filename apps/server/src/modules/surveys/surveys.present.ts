import type { SurveyResponse } from '@waymark/domain';
import type { SurveyResponseRow } from './surveys.queries';

export const presentSurveyResponse = ({
  response,
  user,
  account,
}: SurveyResponseRow): SurveyResponse => ({
  id: response.id,
  created_at: response.created_at.toISOString(),
  score: response.score,
  comment: response.comment,
  dismissed: response.dismissed,
  user,
  account,
});
