CREATE TABLE "current_positions" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"fix_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"fix" text NOT NULL,
	"speed" real,
	"course" real,
	"altitude" real,
	"accuracy" real,
	"battery" real,
	"charging" boolean,
	"temperature" real,
	"humidity" real,
	"odometer" double precision DEFAULT 0 NOT NULL,
	"address" text,
	"geofence_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"last_movement_time" timestamp with time zone,
	"last_movement_time_without_cell" timestamp with time zone,
	"attributes" jsonb
);
--> statement-breakpoint
CREATE TABLE "device_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"description" text NOT NULL,
	"geofence_id" integer,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"subscription_id" integer,
	"name" text NOT NULL,
	"note" text,
	"serial" text NOT NULL,
	"imei" text,
	"phone" text,
	"low_battery" boolean DEFAULT false NOT NULL,
	"charging" boolean DEFAULT false NOT NULL,
	"sos" boolean DEFAULT false NOT NULL,
	"overspeed" boolean DEFAULT false NOT NULL,
	"has_voice" boolean DEFAULT false NOT NULL,
	"live_audio_minutes" integer DEFAULT 0 NOT NULL,
	"group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"device_type" text NOT NULL,
	"protocol" text NOT NULL,
	"has_temperature" boolean DEFAULT false NOT NULL,
	"has_humidity" boolean DEFAULT false NOT NULL,
	"expected_report_minutes" integer DEFAULT 60 NOT NULL,
	"thumbnail_path" text,
	CONSTRAINT "models_device_type_unique" UNIQUE("device_type")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"status" text NOT NULL,
	"start_at" timestamp with time zone,
	"renewal_date" timestamp with time zone,
	"cancel_at" timestamp with time zone,
	"months" integer DEFAULT 1 NOT NULL,
	"renewal_months" integer DEFAULT 1 NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"actual_price" integer DEFAULT 0 NOT NULL,
	"renewal_price" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unknown_devices" (
	"serial" text PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	"remote_address" text
);
--> statement-breakpoint
CREATE TABLE "geofence_visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "geofence_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"geofence_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"exited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "geofences" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"radius" double precision DEFAULT 0.1 NOT NULL,
	"is_irregular" boolean DEFAULT false NOT NULL,
	"geo_json" jsonb,
	"allowable_dwell_days" integer,
	"min_assets" integer,
	"max_assets" integer,
	"full_name" text,
	"email" text,
	"phone" text,
	"company_name" text,
	"notes" text,
	"is_alertable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "current_positions" ADD CONSTRAINT "current_positions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofence_visits" ADD CONSTRAINT "geofence_visits_geofence_id_geofences_id_fk" FOREIGN KEY ("geofence_id") REFERENCES "public"."geofences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofence_visits" ADD CONSTRAINT "geofence_visits_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geofences" ADD CONSTRAINT "geofences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_events_device_id_created_at_index" ON "device_events" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "device_events_account_id_created_at_index" ON "device_events" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_serial_index" ON "devices" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "devices_account_id_index" ON "devices" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "subscriptions_account_id_index" ON "subscriptions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "geofence_visits_geofence_id_entered_at_index" ON "geofence_visits" USING btree ("geofence_id","entered_at");--> statement-breakpoint
CREATE INDEX "geofence_visits_device_id_entered_at_index" ON "geofence_visits" USING btree ("device_id","entered_at");--> statement-breakpoint
CREATE INDEX "geofence_visits_account_id_entered_at_index" ON "geofence_visits" USING btree ("account_id","entered_at");--> statement-breakpoint
CREATE INDEX "geofences_account_id_index" ON "geofences" USING btree ("account_id");