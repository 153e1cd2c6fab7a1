CREATE TABLE "alert_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"recipient" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"digest_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alert_deliveries_event_id_user_id_channel_unique" UNIQUE("event_id","user_id","channel")
);
--> statement-breakpoint
CREATE TABLE "alert_digests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_digests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_fanouts" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_incidents" (
	"key" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"first_event_id" bigint NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL,
	"events" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"code" text NOT NULL,
	"value" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_user_id_account_id_code_pk" PRIMARY KEY("user_id","account_id","code")
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_event_id_device_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."device_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_digests" ADD CONSTRAINT "alert_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_fanouts" ADD CONSTRAINT "alert_fanouts_event_id_device_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."device_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_user_id_channel_created_at_index" ON "alert_deliveries" USING btree ("user_id","channel","created_at");--> statement-breakpoint
CREATE INDEX "alert_deliveries_created_at_index" ON "alert_deliveries" USING btree ("created_at") WHERE queued_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_digests_account_id_user_id_channel_index" ON "alert_digests" USING btree ("account_id","user_id","channel") WHERE sent_at IS NULL;--> statement-breakpoint
CREATE INDEX "notification_settings_account_id_index" ON "notification_settings" USING btree ("account_id");