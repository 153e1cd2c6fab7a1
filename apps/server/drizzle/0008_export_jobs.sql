ALTER TABLE "export_files" ADD COLUMN "job_id" text;--> statement-breakpoint
ALTER TABLE "export_files" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "export_files" ADD CONSTRAINT "export_files_job_id_unique" UNIQUE("job_id");