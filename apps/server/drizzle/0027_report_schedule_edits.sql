ALTER TABLE "report_schedules" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD COLUMN "frequency_from" timestamp with time zone;