CREATE TABLE "installation_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_rounds" (
	"name" text NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"job_id" uuid NOT NULL,
	"holder" text NOT NULL,
	"queued" boolean DEFAULT false NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_rounds_name_slot_pk" PRIMARY KEY("name","slot")
);
