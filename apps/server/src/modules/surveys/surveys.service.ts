import {
  settingEnabled,
  SURVEY_QUIET_DAYS,
  type SurveyResponseCreate,
  type SurveyStatus,
} from '@waymark/domain';
import { authorizePlatformAdmin, type Actor } from '../../access/actor';
import type { Principal } from '../../access/principal';
import type { AppContext } from '../../app-context';
import { forbidden } from '../../errors/domain-error';
import { presentSurveyResponse } from './surveys.present';
import { insertSurveyResponse, respondedSince, surveyResponsesPage } from './surveys.queries';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Who is asked at all (spec 002 §2.11): members of accounts with uses_gpx_app and
 * included_in_cs, in their own session; never an imitating admin or a platform admin, whose
 * answers would not be a customer's (spec 002 §6: admins are excluded from analytics).
 */
function askable(actor: Actor): boolean {
  return (
    actor.imitator === null &&
    !actor.user.is_gpx_admin &&
    actor.apiAccountId === undefined &&
    settingEnabled(actor.membership, 'uses_gpx_app') &&
    settingEnabled(actor.membership, 'included_in_cs')
  );
}

/** Whether the app shows the survey now: askable, and not answered or dismissed lately. */
export async function surveyStatus(
  ctx: AppContext,
  actor: Actor,
  now = new Date(),
): Promise<SurveyStatus> {
  if (!askable(actor)) return { show: false };
  const since = new Date(now.getTime() - SURVEY_QUIET_DAYS * DAY_MS);
  return { show: !(await respondedSince(ctx.database.db, actor.user.id, since)) };
}

/** Records an answer or a dismissal; 403 for anyone the survey is not for. */
export async function respondToSurvey(
  ctx: AppContext,
  actor: Actor,
  body: SurveyResponseCreate,
): Promise<void> {
  if (!askable(actor)) throw forbidden('The survey is not offered to this session.');
  const dismissed = body.dismissed === true && (body.score === undefined || body.score === null);
  await insertSurveyResponse(ctx.database.db, {
    user_id: actor.user.id,
    account_id: actor.accountId,
    score: dismissed ? null : (body.score ?? null),
    comment: dismissed ? null : body.comment || null,
    dismissed,
  });
}

/** The answers, newest first, for platform admins only (403 otherwise). */
export async function surveyResponsesFor(
  ctx: AppContext,
  principal: Principal,
  options: { search?: string; limit: number; offset: number },
) {
  authorizePlatformAdmin(principal);
  const { rows, total } = await surveyResponsesPage(ctx.database.db, options);
  return { rows: rows.map(presentSurveyResponse), total };
}
