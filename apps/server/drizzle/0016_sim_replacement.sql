CREATE TABLE "sim_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"iccid" text NOT NULL,
	"phone" text,
	"account_id" integer,
	"state" text DEFAULT 'spare' NOT NULL,
	"device_id" integer,
	"replacement_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_cards_iccid_unique" UNIQUE("iccid")
);
--> statement-breakpoint
CREATE TABLE "sim_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"iccid" text NOT NULL,
	"phone" text,
	"installed_from" timestamp with time zone NOT NULL,
	"installed_to" timestamp with time zone,
	"swapped_by" integer
);
--> statement-breakpoint
ALTER TABLE "sim_cards" ADD CONSTRAINT "sim_cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_cards" ADD CONSTRAINT "sim_cards_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_history" ADD CONSTRAINT "sim_history_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_history" ADD CONSTRAINT "sim_history_swapped_by_users_id_fk" FOREIGN KEY ("swapped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sim_cards_account_id_state_index" ON "sim_cards" USING btree ("account_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_cards_installed_device" ON "sim_cards" USING btree ("device_id") WHERE state = 'installed';--> statement-breakpoint
CREATE INDEX "sim_history_device_id_installed_from_index" ON "sim_history" USING btree ("device_id","installed_from");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_history_open_device" ON "sim_history" USING btree ("device_id") WHERE installed_to IS NULL;