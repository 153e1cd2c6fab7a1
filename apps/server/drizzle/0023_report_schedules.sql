CREATE TABLE "report_schedule_sends" (
	"schedule_id" integer NOT NULL,
	"recipient" text NOT NULL,
	"period" text NOT NULL,
	"period_to" text NOT NULL,
	"zone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"queued_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedule_sends_schedule_id_recipient_period_pk" PRIMARY KEY("schedule_id","recipient","period")
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"report" text NOT NULL,
	"frequency" text NOT NULL,
	"format" text NOT NULL,
	"device_ids" integer[] DEFAULT '{}' NOT NULL,
	"group_ids" integer[] DEFAULT '{}' NOT NULL,
	"user_ids" integer[] DEFAULT '{}' NOT NULL,
	"emails" text[] DEFAULT '{}' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_report" CHECK ("report_schedules"."report" IN ('trips', 'stops', 'summary')),
	CONSTRAINT "report_schedules_frequency" CHECK ("report_schedules"."frequency" IN ('daily', 'weekly', 'monthly')),
	CONSTRAINT "report_schedules_format" CHECK ("report_schedules"."format" IN ('xlsx', 'pdf'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "report_schedule_sends" ADD CONSTRAINT "report_schedule_sends_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_schedules_account_id_index" ON "report_schedules" USING btree ("account_id");