CREATE TABLE "daily_summaries" (
	"device_id" integer NOT NULL,
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	"distance" double precision DEFAULT 0 NOT NULL,
	"driving_s" double precision DEFAULT 0 NOT NULL,
	"idle_s" double precision DEFAULT 0 NOT NULL,
	"stops" integer DEFAULT 0 NOT NULL,
	"max_speed" real,
	"first_fix" timestamp with time zone,
	"last_fix" timestamp with time zone,
	"engine_hours" double precision DEFAULT 0 NOT NULL,
	"fuel_used" double precision DEFAULT 0 NOT NULL,
	"filtered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_summaries_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "device_stops" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"address" text,
	"geofence_id" integer,
	"duration_s" integer NOT NULL,
	CONSTRAINT "device_stops_device_start" UNIQUE("device_id","start_time")
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"start_lat" double precision NOT NULL,
	"start_lng" double precision NOT NULL,
	"end_lat" double precision NOT NULL,
	"end_lng" double precision NOT NULL,
	"start_address" text,
	"end_address" text,
	"start_geofence_id" integer,
	"end_geofence_id" integer,
	"distance" double precision NOT NULL,
	"duration_s" integer NOT NULL,
	"driving_s" integer NOT NULL,
	"idle_s" integer NOT NULL,
	"max_speed" real NOT NULL,
	"average_speed" real NOT NULL,
	"start_odometer" double precision NOT NULL,
	"end_odometer" double precision NOT NULL,
	"engine_hours" real,
	CONSTRAINT "trips_device_start" UNIQUE("device_id","start_time")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "timezone_id" integer;--> statement-breakpoint
ALTER TABLE "daily_summaries" ADD CONSTRAINT "daily_summaries_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_stops" ADD CONSTRAINT "device_stops_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_summaries_account_day" ON "daily_summaries" USING btree ("account_id","day");--> statement-breakpoint
CREATE INDEX "device_stops_account_start" ON "device_stops" USING btree ("account_id","start_time");--> statement-breakpoint
CREATE INDEX "trips_account_start" ON "trips" USING btree ("account_id","start_time");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_timezone_id_timezones_id_fk" FOREIGN KEY ("timezone_id") REFERENCES "public"."timezones"("id") ON DELETE no action ON UPDATE no action;