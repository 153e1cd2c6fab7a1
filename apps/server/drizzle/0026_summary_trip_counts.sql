ALTER TABLE "daily_summaries" ADD COLUMN "trips" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Days stored before the count: the trips already stored, on the local day each began.
UPDATE "daily_summaries" AS d SET "trips" = c.n
FROM (
  SELECT t.device_id, (t.start_time AT TIME ZONE coalesce(z.identifier, 'UTC'))::date AS day,
    count(*)::int AS n
  FROM "trips" t
  JOIN "accounts" a ON a.id = t.account_id
  LEFT JOIN "timezones" z ON z.id = a.timezone_id
  GROUP BY 1, 2
) AS c
WHERE d.device_id = c.device_id AND d.day = c.day;
