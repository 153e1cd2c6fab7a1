-- Position history, partitioned by month of the device's fix time. The pipeline creates each
-- month's partition before it writes into it (see pipeline/steps/persist.ts). Drizzle cannot
-- express partitioning, so this table is written by hand and queried with SQL.
CREATE TABLE "positions" (
	"device_id" integer NOT NULL,
	"fix_time" timestamp with time zone NOT NULL,
	"account_id" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL DEFAULT now(),
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
	"odometer" double precision,
	"address" text,
	"is_inside_geofences" boolean NOT NULL DEFAULT false,
	"attributes" jsonb,
	PRIMARY KEY ("device_id", "fix_time")
) PARTITION BY RANGE ("fix_time");
