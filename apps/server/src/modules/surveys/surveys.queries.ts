import { and, count, desc, eq, gt, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import { accounts, surveyResponses, users } from '../../db/schema';

/** Whether the user answered or dismissed the survey after `since`. */
export async function respondedSince(db: Db, userId: number, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: surveyResponses.id })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.user_id, userId), gt(surveyResponses.created_at, since)))
    .limit(1);
  return row !== undefined;
}

export async function insertSurveyResponse(
  db: Db,
  values: {
    user_id: number;
    account_id: number;
    score: number | null;
    comment: string | null;
    dismissed: boolean;
  },
) {
  const [row] = await db.insert(surveyResponses).values(values).returning();
  return row!;
}

/** A page of answers, newest first, searched by the user's name or e-mail or the account. */
export async function surveyResponsesPage(
  db: Db,
  options: { search?: string; limit: number; offset: number },
) {
  const pattern = options.search ? containsPattern(options.search) : undefined;
  const where = pattern
    ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(accounts.title, pattern))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        response: surveyResponses,
        user: { id: users.id, name: users.name, email: users.email },
        account: { id: accounts.id, title: accounts.title },
      })
      .from(surveyResponses)
      .leftJoin(users, eq(users.id, surveyResponses.user_id))
      .leftJoin(accounts, eq(accounts.id, surveyResponses.account_id))
      .where(where)
      .orderBy(desc(surveyResponses.created_at), desc(surveyResponses.id))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ total: count() })
      .from(surveyResponses)
      .leftJoin(users, eq(users.id, surveyResponses.user_id))
      .leftJoin(accounts, eq(accounts.id, surveyResponses.account_id))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export type SurveyResponseRow = Awaited<ReturnType<typeof surveyResponsesPage>>['rows'][number];
