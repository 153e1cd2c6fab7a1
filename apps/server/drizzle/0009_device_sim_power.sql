ALTER TABLE "devices" ADD COLUMN "iccid" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "external_voltage" real;