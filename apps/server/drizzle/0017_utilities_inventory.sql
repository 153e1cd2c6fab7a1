CREATE TABLE "device_inventory" (
	"serial" text PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"imei" text,
	"iccid" text,
	"phone" text,
	"state" text DEFAULT 'inventory' NOT NULL,
	"reserved_account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "device_inventory" ADD CONSTRAINT "device_inventory_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_inventory" ADD CONSTRAINT "device_inventory_reserved_account_id_accounts_id_fk" FOREIGN KEY ("reserved_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_inventory_reserved_account_id_index" ON "device_inventory" USING btree ("reserved_account_id");