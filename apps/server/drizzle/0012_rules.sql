CREATE TABLE "rule_action_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rule_action_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"firing_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"type" text NOT NULL,
	"action" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"detail" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rule_firings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rule_firings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rule_id" integer NOT NULL,
	"device_id" integer,
	"fired_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"trigger" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"throttle_enabled" boolean DEFAULT false NOT NULL,
	"throttle_hours" double precision,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"last_fired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rule_action_runs" ADD CONSTRAINT "rule_action_runs_firing_id_rule_firings_id_fk" FOREIGN KEY ("firing_id") REFERENCES "public"."rule_firings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_firings" ADD CONSTRAINT "rule_firings_rule_id_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_firings" ADD CONSTRAINT "rule_firings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rule_action_runs_firing_id_index" ON "rule_action_runs" USING btree ("firing_id");--> statement-breakpoint
CREATE INDEX "rule_firings_rule_id_fired_at_index" ON "rule_firings" USING btree ("rule_id","fired_at");--> statement-breakpoint
CREATE INDEX "rules_account_id_index" ON "rules" USING btree ("account_id");