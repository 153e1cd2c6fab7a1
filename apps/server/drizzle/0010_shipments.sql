CREATE TABLE "shipment_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"description" text NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"device_event_id" bigint
);
--> statement-breakpoint
CREATE TABLE "shipment_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shipment_event_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "shipment_notifications_shipment_event_id_channel_recipient_unique" UNIQUE("shipment_event_id","channel","recipient")
);
--> statement-breakpoint
CREATE TABLE "shipment_predictions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_predictions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"predicted_at" timestamp with time zone NOT NULL,
	"estimated_end_at" timestamp with time zone NOT NULL,
	"remaining_m" double precision NOT NULL,
	"speed_mps" real NOT NULL,
	"road_factor" real NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"name" text NOT NULL,
	"carrier" text,
	"status" text DEFAULT 'not-started' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"estimated_end_at" timestamp with time zone,
	"began_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"from_geofence_id" integer,
	"from_address" jsonb,
	"to_geofence_id" integer,
	"to_address" jsonb,
	"notify_at" integer DEFAULT 0 NOT NULL,
	"notification_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"notification_phone_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_notifications" ADD CONSTRAINT "shipment_notifications_shipment_event_id_shipment_events_id_fk" FOREIGN KEY ("shipment_event_id") REFERENCES "public"."shipment_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_predictions" ADD CONSTRAINT "shipment_predictions_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_from_geofence_id_geofences_id_fk" FOREIGN KEY ("from_geofence_id") REFERENCES "public"."geofences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_to_geofence_id_geofences_id_fk" FOREIGN KEY ("to_geofence_id") REFERENCES "public"."geofences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_id_event_at_index" ON "shipment_events" USING btree ("shipment_id","event_at");--> statement-breakpoint
CREATE INDEX "shipment_notifications_queued_at_created_at_index" ON "shipment_notifications" USING btree ("queued_at","created_at");--> statement-breakpoint
CREATE INDEX "shipment_predictions_shipment_id_predicted_at_index" ON "shipment_predictions" USING btree ("shipment_id","predicted_at");--> statement-breakpoint
CREATE INDEX "shipments_account_id_start_at_index" ON "shipments" USING btree ("account_id","start_at");--> statement-breakpoint
CREATE INDEX "shipments_device_id_index" ON "shipments" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "shipments_status_index" ON "shipments" USING btree ("status");