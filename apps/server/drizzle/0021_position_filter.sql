ALTER TABLE "accounts" ADD COLUMN "filter_max_speed_kmh" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "filter_max_accuracy_m" integer DEFAULT 5000 NOT NULL;--> statement-breakpoint
-- positions is written by hand (0002_positions.sql): why a fix was filtered, null when accepted.
-- Every reader of history, reports and stops reads the accepted fixes only.
ALTER TABLE "positions" ADD COLUMN "filter_reason" text;
